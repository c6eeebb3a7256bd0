import { useEffect, useState, type MouseEvent } from 'react';
import { usePublicConfig } from '../../app/config-context';
import { platformOf, type Platform } from '../../lib/device/platform';

/**
 * The choice /app-link and /web-login offer: open the app (on a device with it, the system hands
 * the link over), and on a phone the store of its platform. Nothing navigates by itself.
 */
export function OpenAppActions(props: { href: string; openLabel: string; getLabel: string; onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const { stores } = usePublicConfig();
  const [platform, setPlatform] = useState<Platform>('other');

  useEffect(() => {
    setPlatform(platformOf(navigator.userAgent));
  }, []);

  return (
    <div className="actions">
      <a className="button button--fill button--large" href={props.href} onClick={props.onOpen}>
        {props.openLabel}
      </a>
      {platform !== 'other' && (
        <a className="button button--outline button--large" href={platform === 'ios' ? stores.appStore : stores.googlePlay}>
          {props.getLabel}
        </a>
      )}
    </div>
  );
}

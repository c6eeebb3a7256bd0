import { lazy, Suspense } from 'react';
import { PATHS } from '../../../shared/site-map';
import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';
import { useConsent } from '../../lib/consent/consent-context';
import { useFlag } from '../../lib/flags/flags-context';
import { liveChatSetup } from '../../lib/telemetry/adapters/live-chat-options';
import { LocalizedLink } from '../ui/localized-link';
import { ChatIcon } from './chat-icon';

/** The widget's launcher: only for a visitor who allowed performance cookies, so not in every page's first code. */
const WidgetLauncher = lazy(() => import('./widget-launcher'));

/**
 * The live-chat launcher (flag live_chat). With a configured widget and performance cookies
 * allowed, it loads the widget lazily (idle, hover or click); otherwise it leads to Contact.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { tracking } = useConsent();
  const enabled = useFlag('live_chat', true);
  const setup = liveChatSetup(config);
  if (!enabled) return null;
  const contact = (
    <LocalizedLink to={PATHS.contact} className="chat-launcher">
      <ChatIcon />
      <span>{t('chat.open')}</span>
    </LocalizedLink>
  );
  // Until the widget's launcher has loaded, the link to Contact stands in its place.
  if (setup && tracking)
    return (
      <Suspense fallback={contact}>
        <WidgetLauncher setup={setup} />
      </Suspense>
    );
  return contact;
}

import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';

const PLAY_ICON = (
  <path d="M5 3.5v17l9-8.5zm10.3 9.7L7.2 21l10.5-6.1zm0-2.4L7.2 3l10.5 6.1zm3.6.3l-2.1 1.4 2.1 1.4 1.8-1c.6-.4.6-1.1 0-1.5z" fill="currentColor" />
);
const APPLE_ICON = (
  <path
    d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9s-1.9-.9-3.2-.8c-1.6 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.3 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8 2.1-1.2 2.9-2.4c.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.9zM14.1 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
    fill="currentColor"
  />
);

/** Spec §1/§2: where to get the Android and iOS apps. */
export function StoreBadges() {
  const { t } = useTranslation();
  const { stores } = usePublicConfig();
  const badges = [
    { href: stores.googlePlay, icon: PLAY_ICON, pre: t('stores.googlePlayPre'), name: 'Google Play' },
    { href: stores.appStore, icon: APPLE_ICON, pre: t('stores.appStorePre'), name: 'App Store' },
  ];
  return (
    <ul className="store-badges">
      {badges.map((badge) => (
        <li key={badge.name}>
          <a className="store-badge" href={badge.href} rel="noopener noreferrer" target="_blank">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              {badge.icon}
            </svg>
            <span className="store-badge__text">
              <small>{badge.pre}</small> <strong>{badge.name}</strong>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';
import type { ReactElement } from 'react';

const ICONS: Record<'facebook' | 'instagram' | 'x' | 'linkedin', ReactElement> = {
  facebook: (
    <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.7c0-.9.3-1.5 1.5-1.5h1.5V4.5c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.3H8.1v3h2.5V21z" fill="currentColor" />
  ),
  instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r=".6" fill="currentColor" />
    </g>
  ),
  x: <path d="M4 4h4.3l4.1 5.6L17.3 4H20l-6.4 7.3L20.5 20h-4.3l-4.5-6-5.3 6H3.7l6.9-7.8z" fill="currentColor" />,
  linkedin: (
    <path
      d="M4.5 9h3.3v10.5H4.5zM6.2 4a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM9.9 9h3.2v1.5c.5-.9 1.6-1.8 3.3-1.8 3.4 0 4 2.2 4 5.1v5.7h-3.3v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7v5.1H9.9z"
      fill="currentColor"
    />
  ),
};

/** Spec §2: Facebook, Instagram, X and LinkedIn. */
export function SocialLinks() {
  const { t } = useTranslation();
  const { social } = usePublicConfig();
  return (
    <ul className="social-links" aria-label={t('footer.socialLabel')}>
      {(Object.keys(ICONS) as Array<keyof typeof ICONS>).map((name) => (
        <li key={name}>
          <a href={social[name]} rel="noopener noreferrer" target="_blank" aria-label={t(`footer.social.${name}`)}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              {ICONS[name]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

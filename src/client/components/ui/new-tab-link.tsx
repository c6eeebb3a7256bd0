import { useTranslation } from '../../i18n/use-translation';
import type { ReactNode } from 'react';

/** A link that opens in a new tab, and says so to screen readers. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('a11y.newTab')}</span>
    </a>
  );
}

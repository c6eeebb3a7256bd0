import { PATHS, type PageId } from '../../../../shared/site-map';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useTranslation } from '../../../i18n/use-translation';
import { useSession } from '../../../lib/session/session-context';
import type { ReactNode } from 'react';

const SCREENS: PageId[] = ['admin-sessions', 'admin-audit', 'admin-staff', 'admin-privacy', 'agent-customers'];

/**
 * An admin screen: its title (from the page's own texts), the links between the staff screens, and its content for admins
 * only (the API refuses everyone else anyway; this only spares them a screen of errors).
 */
export function AdminFrame({ page, title, intro, children }: { page: PageId; title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { session } = useSession();
  return (
    <article className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="lead">{intro}</p>
      {session?.role === 'admin' ? (
        <>
          <nav className="admin-nav" aria-label={t('nav.label')}>
            <ul>
              {SCREENS.map((screen) => (
                <li key={screen}>
                  <LocalizedLink to={PATHS[screen]} aria-current={screen === page ? 'page' : undefined}>
                    {t(`screens.${screen}.nav`)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
          {children}
        </>
      ) : (
        <p className="notice notice--error" role="alert">
          {t('adminsOnly')}
        </p>
      )}
    </article>
  );
}

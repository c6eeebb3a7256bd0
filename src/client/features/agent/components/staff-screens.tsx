import { PATHS, type PageId } from '../../../../shared/site-map';
import { LocalizedNavLink } from '../../../components/ui/localized-link';
import { useTranslation } from '../../../i18n/use-translation';

const AGENT_SCREENS: PageId[] = ['agent-customers'];
const ADMIN_SCREENS: PageId[] = ['agent-customers', 'admin-sessions', 'admin-audit', 'admin-staff', 'admin-privacy'];

/** The links to the staff screens: an agent's customers, and for admins the admin screens. */
export function StaffScreens({ admin }: { admin: boolean }) {
  const { t } = useTranslation('agent');
  return (
    <nav className="admin-nav" aria-label={t('screens.label')}>
      <ul>
        {(admin ? ADMIN_SCREENS : AGENT_SCREENS).map((screen) => (
          <li key={screen}>
            <LocalizedNavLink to={PATHS[screen]}>{t(`screens.${screen}`)}</LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

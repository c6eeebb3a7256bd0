import { PATHS } from '../../../shared/site-map';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import { LocalizedNavLink } from '../ui/localized-link';
import { Spinner } from '../ui/spinner';
import { AccountMenu } from './account-menu';

/** Spec §3 Menu item. */
export interface MenuItem {
  title: string;
  destination: string;
  kind: 'fill' | 'outline';
}

function MenuLink({ item }: { item: MenuItem }) {
  return (
    <li>
      <LocalizedNavLink to={item.destination} className={item.kind === 'fill' ? 'button button--fill' : 'nav-link'}>
        {item.title}
      </LocalizedNavLink>
    </li>
  );
}

/** Spec §2 navigation: signed out, signed in, or a spinner while the login state loads. */
export function NavMenu() {
  const { t } = useTranslation();
  const { status, signedIn } = useSession();
  const autoInsurance: MenuItem = { title: t('nav.autoInsurance'), destination: PATHS.home, kind: 'outline' };
  const quote: MenuItem = signedIn
    ? { title: t('nav.getYourQuoteSignedIn'), destination: PATHS['quote-application'], kind: 'fill' }
    : { title: t('nav.getYourQuote'), destination: PATHS.quote, kind: 'fill' };
  return (
    <ul className="nav-menu">
      <MenuLink item={autoInsurance} />
      <MenuLink item={quote} />
      {status === 'loading' ? (
        <li className="nav-menu__pending">
          <Spinner label={t('nav.loadingAccount')} />
        </li>
      ) : signedIn ? (
        <AccountMenu />
      ) : (
        <MenuLink item={{ title: t('nav.signIn'), destination: PATHS.login, kind: 'outline' }} />
      )}
    </ul>
  );
}

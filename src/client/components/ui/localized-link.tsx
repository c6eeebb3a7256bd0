import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLocale } from '../../i18n/use-locale';

/** A link to a locale-free path, reached in the page's locale. */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const { to: localize } = useLocale();
  return <Link to={localize(to)} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const { to: localize } = useLocale();
  return <NavLink to={localize(to)} end {...props} />;
}

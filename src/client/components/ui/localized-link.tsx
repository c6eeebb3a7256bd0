import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A plain left click the page handles itself (a new tab, a download or a modified click is the
 * browser's), as React Router's `<Link>` decides it.
 */
function isOwnClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Every link of the site's own goes to a locale-free absolute path, reached in the page's locale.
 * React Router's `<Link>` resolves each `to` against the route tree on every render, a fifth of a
 * signed-in page's server render (issue 17 profile: header and footer carry a dozen links): the
 * path here is already absolute, so the link is an `<a>` whose plain clicks go to the router's
 * navigate, as `<Link>`'s do (the same location again replaces the history entry).
 */
function useSiteLink(to: string, onClick: LinkProps['onClick'], target: string | undefined) {
  const { to: localize } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const href = localize(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isOwnClick(event, target)) return;
    event.preventDefault();
    void navigate(href, { replace: location.pathname + location.search + location.hash === href });
  };
  return { href, click, pathname: location.pathname };
}

/** A link to a locale-free path, reached in the page's locale. */
export function LocalizedLink({ to, onClick, target, ...props }: LinkProps) {
  const { href, click } = useSiteLink(to, onClick, target);
  return <a {...props} href={href} target={target} onClick={click} />;
}

/** A menu link: marked as the current page (class `active`, aria-current) when it is the page shown. */
export function LocalizedNavLink({ to, onClick, target, className, ...props }: LinkProps) {
  const { href, click, pathname } = useSiteLink(to, onClick, target);
  const current = pathname === href || pathname === `${href}/`;
  return (
    <a
      aria-current={current ? 'page' : undefined}
      {...props}
      className={[className, current ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
      href={href}
      target={target}
      onClick={click}
    />
  );
}

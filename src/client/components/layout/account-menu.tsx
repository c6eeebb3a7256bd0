import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '../../../shared/site-map';
import { useTranslation } from '../../i18n/use-translation';
import { useLogOut } from '../../lib/session/use-log-out';
import { LocalizedLink } from '../ui/localized-link';

/**
 * "My Account" with Profile and Log out: a dropdown on wide screens; in the mobile menu the
 * same entries show as plain items (CSS), so there is one list for both.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const logOut = useLogOut();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        // Closed from one of its entries, the focus would fall to <body> as the list hides: back to the toggle.
        if (event instanceof KeyboardEvent && root.current?.contains(document.activeElement)) toggle.current?.focus();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <li className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.myAccount')}
      </button>
      <ul id={listId} className={open ? 'account-menu__list is-open' : 'account-menu__list'}>
        <li>
          <LocalizedLink to={PATHS.profile} className="nav-link">
            {t('nav.profile')}
          </LocalizedLink>
        </li>
        <li>
          <button type="button" className="nav-link nav-link--button" onClick={() => void logOut()}>
            {t('nav.logOut')}
          </button>
        </li>
      </ul>
    </li>
  );
}

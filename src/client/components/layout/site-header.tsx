import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavMenu } from './nav-menu';
import { StaffBanner } from './staff-banner';

/** The full header (spec §2): logo, navigation menu, language, and a mobile menu toggle. */
export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  // Escape closes the open menu (WAI-ARIA disclosure pattern) and puts focus back on its toggle,
  // so a keyboard user is not left on a link that has just been hidden.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Logo />
        <button ref={toggle} type="button" className="menu-toggle" aria-expanded={open} aria-controls="site-menu" onClick={() => setOpen((value) => !value)}>
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span className="visually-hidden">{t(open ? 'nav.closeMenu' : 'nav.openMenu')}</span>
        </button>
        <nav id="site-menu" className={open ? 'site-nav is-open' : 'site-nav'} aria-label={t('nav.label')}>
          <NavMenu />
          <LanguageSwitcher />
        </nav>
      </div>
      <StaffBanner />
    </header>
  );
}

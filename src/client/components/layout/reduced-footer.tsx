import { useTranslation } from '../../i18n/use-translation';
import { PolicyLinks } from './footer-links';
import { Logo } from './logo';

/** Spec §2: the reduced footer of the purchase flow: logo and the three policy pages. */
export function ReducedFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer site-footer--reduced">
      <Logo />
      <nav aria-label={t('footer.policiesLabel')}>
        <ul className="footer-links footer-links--inline">
          <PolicyLinks />
        </ul>
      </nav>
    </footer>
  );
}

import { PATHS } from '../../../shared/site-map';
import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';
import { LocalizedLink } from '../ui/localized-link';
import { AgencyStatement } from './agency-statement';
import { PolicyLinks } from './footer-links';
import { Logo } from './logo';
import { ReviewBadge } from './review-badge';
import { SocialLinks } from './social-links';
import { StoreBadges } from './store-badges';

/** Spec §2: the full footer with every group. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { links } = usePublicConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
          <ReviewBadge />
        </div>
        <nav aria-label={t('footer.companyLabel')}>
          <ul className="footer-links">
            <li>
              <LocalizedLink to={PATHS.home}>{t('nav.autoInsurance')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to={PATHS.agent}>{t('footer.agents')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to={PATHS['about-us']}>{t('footer.aboutUs')}</LocalizedLink>
            </li>
            <li>
              <a href={links.careers} rel="noopener noreferrer">
                {t('footer.careers')}
              </a>
            </li>
            <li>
              <a href={links.blog} rel="noopener noreferrer">
                {t('footer.blog')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.policiesLabel')}>
          <ul className="footer-links">
            <PolicyLinks />
            <li>
              <LocalizedLink to={PATHS.contact}>{t('footer.contactUs')}</LocalizedLink>
            </li>
          </ul>
        </nav>
        <div className="site-footer__apps">
          <p className="site-footer__heading">{t('footer.getTheApp')}</p>
          <StoreBadges />
          <SocialLinks />
        </div>
      </div>
      <div className="site-footer__legal">
        <AgencyStatement />
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

import { useDeferredValue } from 'react';
import { useLocation } from 'react-router';
import { ChatLauncher } from '../components/chat/chat-launcher';
import { ConsentBanner } from '../components/consent/consent-banner';
import { MinimalHeader } from '../components/layout/minimal-header';
import { ReducedFooter } from '../components/layout/reduced-footer';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { StaffBanner } from '../components/layout/staff-banner';
import { useRouteProgress } from '../components/ui/use-route-progress';
import { RenderErrorBoundary } from '../features/errors/render-error-boundary';
import { useTranslation } from '../i18n/use-translation';
import { pageLayout } from './page-layout';
import { usePageRegistry } from './page-registry';
import { PageViewEffects } from './page-view-effects';
import { SignInGuard } from './sign-in-guard';
import { useHydratedMarker } from './use-hydrated-marker';

/**
 * The whole site. Pages render from a deferred location: while the next page's code loads,
 * the current page stays on screen and the progress bar runs (spec §2), then both switch.
 */
export function App() {
  const location = useLocation();
  const shown = useDeferredValue(location);
  const pages = usePageRegistry();
  const { pageId, access, header, footer } = pageLayout(shown.pathname);
  const { t } = useTranslation();
  useRouteProgress(shown !== location);
  useHydratedMarker();
  // The page comes from the site map (src/shared/site-map.ts), as the server finds it, not from
  // React Router's route matching: that ranked and compiled every page's path on every server
  // render, a quarter of a signed-in page's render time (issue 17). The router still gives the
  // location, links and navigation.
  const Page = pages.component(pageId);
  return (
    <div className="app-frame">
      {/* First: hidden unless due, and then in the first paint with whatever else is parsed. */}
      <ConsentBanner pageId={pageId} />
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      {header === 'full' && <SiteHeader />}
      {header === 'minimal' && <MinimalHeader />}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Without a header, staff still see for whom they are buying (issue 15). */}
        {header === 'none' && <StaffBanner compact />}
        <RenderErrorBoundary resetKey={shown.pathname} onError={pages.retryFailed}>
          <SignInGuard access={access} shown={shown}>
            <Page />
          </SignInGuard>
        </RenderErrorBoundary>
      </main>
      {footer === 'full' && <SiteFooter />}
      {footer === 'reduced' && <ReducedFooter />}
      {footer !== 'none' && <ChatLauncher />}
      <PageViewEffects pageId={pageId} pathname={shown.pathname} />
    </div>
  );
}

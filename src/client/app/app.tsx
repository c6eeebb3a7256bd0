import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { localizePath, type Locale } from '../../shared/locale';
import { PAGES } from '../../shared/site-map';
import { ChatLauncher } from '../components/chat/chat-launcher';
import { ConsentBanner } from '../components/consent/consent-banner';
import { MinimalHeader } from '../components/layout/minimal-header';
import { ReducedFooter } from '../components/layout/reduced-footer';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { StaffBanner } from '../components/layout/staff-banner';
import { useRouteProgress } from '../components/ui/use-route-progress';
import { RenderErrorBoundary } from '../features/errors/render-error-boundary';
import { pageLayout } from './page-layout';
import { NOT_FOUND_PAGE, usePageRegistry } from './page-registry';
import { PageViewEffects } from './page-view-effects';
import { SignInGuard } from './sign-in-guard';
import { useHydratedMarker } from './use-hydrated-marker';

/**
 * The whole site. Routes render from a deferred location: while the next page's code loads,
 * the current page stays on screen and the progress bar runs (spec §2), then both switch.
 */
export function App() {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const location = useLocation();
  const shown = useDeferredValue(location);
  const pages = usePageRegistry();
  const { pageId, access, header, footer } = pageLayout(shown.pathname);
  const { t } = useTranslation();
  useRouteProgress(shown !== location);
  useHydratedMarker();
  const NotFound = pages.component(NOT_FOUND_PAGE);
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
            <Routes location={shown}>
              {PAGES.map((def) => {
                const Page = pages.component(def.id);
                return <Route key={def.id} path={localizePath(def.path, locale)} element={<Page />} />;
              })}
              <Route path="*" element={<NotFound />} />
            </Routes>
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

import './styles/index.css';
import { lazy, startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { STATE_GLOBAL, type AppState } from '../shared/app-state';
import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import { pageLayout } from './app/page-layout';
import { pageIdOf, type PageModule, type RoutePageId } from './app/page-registry';
import { createI18n } from './i18n/create-i18n';
import { loadNamespace } from './i18n/load-namespace';
import { namespacesFor } from './i18n/page-namespaces';
import { configureRequests } from './lib/api/request';
import { publishFlags } from './lib/flags/flags-context';
import { prefetchStylesheet } from './lib/prefetch-stylesheet';
import { telemetry } from './lib/telemetry/telemetry';

declare global {
  interface Window {
    [STATE_GLOBAL]: AppState;
  }
}

const state = window[STATE_GLOBAL];
configureRequests(state.config, state.locale);
telemetry.configure(state.config, state.flags, publishFlags);
const i18n = createI18n(state.locale, state.resources);

// One chunk per page, fetched on first visit together with the page's translations.
const importers = new Map(Object.entries(import.meta.glob<PageModule>('./features/*/*-page.tsx')).map(([path, load]) => [pageIdOf(path), load]));
const loaded = new Map<RoutePageId, ComponentType>();
const lazyPages = new Map<RoutePageId, ComponentType>();
const failedPages = new Set<RoutePageId>();

async function loadPage(id: RoutePageId): Promise<PageModule> {
  try {
    const [mod] = await Promise.all([importers.get(id)!(), ...namespacesFor(id).map((name) => loadNamespace(i18n, name))]);
    loaded.set(id, mod.default);
    return mod;
  } catch (error) {
    failedPages.add(id);
    throw error;
  }
}

/**
 * The page loaded before hydration renders directly (hydration must not suspend); any other
 * gets one lazy wrapper, kept for good so its component type, and the page's state, stay put.
 */
function page(id: RoutePageId): ComponentType {
  let component = lazyPages.get(id) ?? loaded.get(id);
  if (!component) lazyPages.set(id, (component = lazy(() => loadPage(id))));
  return component;
}

/**
 * React.lazy keeps a rejected load for good. A failed wrapper is dropped only once the error
 * screen is up: dropped at once, React's retry of the failing render would start a new load and
 * suspend again instead of showing the error.
 */
function retryFailed(): void {
  for (const id of failedPages) lazyPages.delete(id);
  failedPages.clear();
}

// Hydrated as a transition: React then yields to the browser every few milliseconds instead of
// taking over the whole page in one long task (a phone's first input, and its Total Blocking
// Time, waited for it). The page is already on screen, so nothing waits for the work.
void loadPage(pageLayout(window.location.pathname).pageId).then(() => {
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <AppProviders i18n={i18n} state={state} pages={{ component: page, retryFailed }}>
          <BrowserRouter useTransitions={false}>
            <App />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
  prefetchStylesheet();
});

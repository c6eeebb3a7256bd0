import type { i18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { STATE_GLOBAL, type AppState } from '../shared/app-state';
import { splitLocalePath, type Locale } from '../shared/locale';
import type { RenderRequest, RenderResult } from '../shared/render-contract';
import { findPage } from '../shared/site-map';
import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import { pageHead } from './app/page-head';
import { NOT_FOUND_PAGE, pageIdOf, type PageModule, type RoutePageId } from './app/page-registry';
import { serializeForScript } from './app/serialize-state';
import { createI18n, DEFAULT_NAMESPACE } from './i18n/create-i18n';
import { parseLocaleFilePath, type Namespace } from './i18n/locale-files';
import { namespacesFor } from './i18n/page-namespaces';

const pageModules = import.meta.glob<PageModule>('./features/*/*-page.tsx', { eager: true });
const PAGES = new Map(Object.entries(pageModules).map(([path, mod]) => [pageIdOf(path), mod.default]));

const localeFiles = import.meta.glob<Namespace>('./locales/*/*.json', { import: 'default', eager: true });
const NAMESPACES = new Map<string, Namespace>();
for (const [path, namespace] of Object.entries(localeFiles)) {
  const { locale, namespace: name } = parseLocaleFilePath(path);
  NAMESPACES.set(`${locale}/${name}`, namespace);
}

function resourcesFor(locale: Locale, pageId: RoutePageId): AppState['resources'] {
  const resources: AppState['resources'] = { [DEFAULT_NAMESPACE]: NAMESPACES.get(`${locale}/${DEFAULT_NAMESPACE}`) ?? {} };
  for (const name of namespacesFor(pageId)) {
    const namespace = NAMESPACES.get(`${locale}/${name}`);
    if (namespace) resources[name] = namespace;
  }
  return resources;
}

/**
 * One i18next instance per locale and page, made on first use and kept: creating one (and
 * react-i18next's wrappers) for every request took about a third of a signed-in page's server
 * time. An instance holds only the locale's texts, never a visitor's data, and the server never
 * changes its language or adds to its resources, so every request can share it.
 */
const I18N_INSTANCES = new Map<string, i18n>();

function i18nFor(locale: Locale, pageId: RoutePageId, resources: AppState['resources']): i18n {
  const key = `${locale}/${pageId}`;
  let instance = I18N_INSTANCES.get(key);
  if (!instance) I18N_INSTANCES.set(key, (instance = createI18n(locale, resources)));
  return instance;
}

/** Renders one page for the server: the same tree the browser hydrates, from the same state. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://ssr.internal');
  const { locale, path } = splitLocalePath(url.pathname);
  const page = findPage(path);
  const pageId = page?.id ?? NOT_FOUND_PAGE;
  const state: AppState = {
    locale,
    resources: resourcesFor(locale, pageId),
    session: request.session,
    config: request.config,
    flags: request.flags,
  };
  const i18n = i18nFor(locale, pageId, state.resources);
  const html = renderToString(
    <StrictMode>
      <AppProviders i18n={i18n} state={state} pages={{ component: (id) => PAGES.get(id)!, retryFailed: () => undefined }}>
        <StaticRouter location={url.pathname + url.search}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const stateScript = `<script nonce="${request.nonce}">window.${STATE_GLOBAL}=${serializeForScript(state)}</script>`;
  return {
    status: page ? 200 : 404,
    lang: locale,
    head: pageHead(i18n, page, request.config),
    body: html + stateScript,
  };
}

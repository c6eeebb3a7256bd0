import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { STATE_GLOBAL, type AppState } from '../shared/app-state';
import { splitLocalePath, type Locale } from '../shared/locale';
import { findPage } from '../shared/site-map';
import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import { pageHead } from './app/page-head';
import { NOT_FOUND_PAGE, pageIdOf, type PageModule, type RoutePageId } from './app/page-registry';
import { serializeForScript } from './app/serialize-state';
import { consentRevealScript } from './components/consent/consent-reveal';
import { createI18n, DEFAULT_NAMESPACE } from './i18n/create-i18n';
import { parseLocaleFilePath, type Namespace } from './i18n/locale-files';
import { namespacesFor } from './i18n/page-namespaces';
import { sharedI18nView } from './i18n/shared-i18n-view';
import type { RenderRequest, RenderResult } from '../shared/render-contract';
import type { i18n } from 'i18next';

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

/** What one locale and page share across requests: none of it is about a visitor. */
interface PageTexts {
  resources: AppState['resources'];
  /** The resources as they go into the state script, serialized and encoded (UTF-8) once. */
  resourcesBytes: Uint8Array;
  /** What react-i18next is given: the shared instance seen through sharedI18nView. */
  i18n: i18n;
}

/**
 * One i18next instance per locale and page, made on first use and kept: creating one (and
 * react-i18next's wrappers) for every request took about a third of a signed-in page's server
 * time. An instance holds only the locale's texts, never a visitor's data, and the server never
 * changes its language or adds to its resources, so every request can share it. Its texts go
 * into the state script serialized once.
 */
const PAGE_TEXTS = new Map<string, PageTexts>();

function textsFor(locale: Locale, pageId: RoutePageId): PageTexts {
  const key = `${locale}/${pageId}`;
  let texts = PAGE_TEXTS.get(key);
  if (!texts) {
    const resources = resourcesFor(locale, pageId);
    texts = { resources, resourcesBytes: UTF8.encode(serializeForScript(resources)), i18n: sharedI18nView(createI18n(locale, resources)) };
    PAGE_TEXTS.set(key, texts);
  }
  return texts;
}

const UTF8 = new TextEncoder();

/**
 * The state script, the same as `window.STATE = serializeForScript(state)`, in three pieces: its
 * opening, the shared texts as bytes, and the rest of the state (this visitor's).
 */
function stateScript(state: AppState, texts: PageTexts, nonce: string): [string, Uint8Array, string] {
  const { resources: _shared, ...own } = state;
  const rest = serializeForScript(own);
  return [`<script nonce="${nonce}">window.${STATE_GLOBAL}={"resources":`, texts.resourcesBytes, `${rest === '{}' ? '}' : `,${rest.slice(1)}`}</script>`];
}

/** Renders one page for the server: the same tree the browser hydrates, from the same state. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://ssr.internal');
  const { locale, path } = splitLocalePath(url.pathname);
  const page = findPage(path);
  const pageId = page?.id ?? NOT_FOUND_PAGE;
  const texts = textsFor(locale, pageId);
  const state: AppState = {
    locale,
    resources: texts.resources,
    session: request.session,
    config: request.config,
    flags: request.flags,
    ...(request.preloaded && { preloaded: request.preloaded }),
  };
  const { i18n } = texts;
  const html = renderToString(
    <StrictMode>
      <AppProviders i18n={i18n} state={state} pages={{ component: (id) => PAGES.get(id)!, retryFailed: () => undefined }}>
        <StaticRouter location={url.pathname + url.search}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const [scriptOpen, sharedTexts, scriptClose] = stateScript(state, texts, request.nonce);
  return {
    status: page ? 200 : 404,
    lang: locale,
    head: pageHead(i18n, page, request.config) + consentRevealScript(request.nonce, pageId, Boolean(request.session?.userId)),
    body: [html + scriptOpen, sharedTexts, scriptClose],
  };
}

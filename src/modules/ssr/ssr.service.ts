import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { signedInRenders } from '../../common/metrics/metrics-registry';
import { appConfig } from '../../config/app-config';
import { splitLocalePath } from '../../shared/locale';
import { findPage, type PageDef } from '../../shared/site-map';
import { FeatureFlagsService } from '../feature-flags';
import { KeptPageData } from './kept-page-data';
import { KeptRenders } from './kept-renders';
import { PageCache, type CachedPage } from './page-cache';
import { publicConfig } from './public-config';
import { builtSsrSource, viteSsrSource, type SsrSource } from './ssr-source';
import type { AppConfig } from '../../config/app-config';
import type { PreloadedAnswers, PublicConfig, SessionView } from '../../shared/app-state';
import type { Actor } from '../session';
import type { RequestHandler } from 'express';

/** The page an unknown path renders (src/client/features/errors/not-found-page.tsx). */
const NOT_FOUND_PAGE = 'not-found';

export interface RenderedPage {
  status: number;
  /** The page's HTML, UTF-8. */
  body: Buffer;
}

/**
 * Renders pages with the SSR bundle. An open page does not depend on who asks (the session
 * is read by the browser after hydration), so it is rendered once per path and served from
 * memory; pages behind sign-in render per request with the visitor's session.
 */
@Injectable()
export class SsrService implements OnModuleInit, OnModuleDestroy {
  // Stands in for the nonce in cached pages; random so no page content can contain it.
  private readonly nonceMarker = `nonce-${randomBytes(12).toString('hex')}`;
  private readonly cache = new PageCache();
  private readonly keptRenders = new KeptRenders();
  private readonly browserConfig: PublicConfig;
  private source?: SsrSource;
  private devMiddleware?: RequestHandler;

  // The flags the cached pages were rendered with: the cache starts over when they change.
  private cachedFlags = '';

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly flags: FeatureFlagsService,
    private readonly pageData: KeptPageData,
    private readonly clock: Clock,
  ) {
    this.browserConfig = publicConfig(config);
  }

  async onModuleInit(): Promise<void> {
    if (this.config.viteDevServer) {
      const dev = await viteSsrSource();
      this.source = dev;
      this.devMiddleware = dev.vite.middlewares;
    } else {
      this.source = builtSsrSource();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.source?.close();
  }

  /** Vite's own middleware (modules, hot reload) in development; undefined otherwise. */
  viteMiddleware(): RequestHandler | undefined {
    return this.devMiddleware;
  }

  /** An open page already rendered (its parts, between which a nonce goes); undefined when not cached. */
  cached(pathname: string): CachedPage | undefined {
    this.dropCacheOnNewFlags();
    return this.cache.get(pathname);
  }

  /**
   * `actor`: who the session says asks, for the page's own data (a page behind sign-in with
   * registered loaders, PageDataRegistry), kept for that customer alone while their data's
   * version stands (KeptPageData).
   */
  async render(url: string, nonce: string, session: () => SessionView | null, actor?: () => Actor): Promise<RenderedPage> {
    const pathname = url.split('?')[0];
    const page = findPage(splitLocalePath(pathname).path);
    const shared = page?.access === 'open' && !this.config.viteDevServer;
    this.dropCacheOnNewFlags();
    if (shared) {
      const cached = this.cache.get(pathname) ?? (await this.renderShared(pathname, page));
      return { status: cached.status, body: PageCache.fillBytes(cached, nonce) };
    }
    if (page?.access !== 'sign-in' || !actor) return this.renderFresh(url, nonce, page ? session() : undefined, page);
    const preloaded = await this.pageData.load(page.id, actor(), splitLocalePath(pathname).locale);
    return this.renderSignedIn(url, nonce, session(), page, preloaded);
  }

  /**
   * A page behind sign-in: as last rendered for this session when its inputs stand (KeptRenders),
   * else rendered now, and kept when they will stand for the next visit (a plain URL, a page that
   * answered 200, data kept or none to read).
   */
  private async renderSignedIn(
    url: string,
    nonce: string,
    session: SessionView | null,
    page: PageDef,
    preloaded: PreloadedAnswers | undefined,
  ): Promise<RenderedPage> {
    // Vite's development server changes the code under a page: rendered afresh there every time.
    const keepable = !!session?.userId && !url.includes('?') && !this.config.viteDevServer && this.pageData.stands(page.id, preloaded);
    if (!keepable) return this.renderFresh(url, nonce, session, page, preloaded);
    const inputs = { session: JSON.stringify(session), flags: this.flags.version, answers: preloaded };
    const kept = this.keptRenders.get(url, inputs, this.clock.now().getTime());
    signedInRenders.inc({ outcome: kept ? 'kept' : 'rendered' });
    if (kept) return { status: kept.status, body: PageCache.fillBytes(kept, nonce) };
    const renderedAt = this.clock.now().getTime();
    const { status, body } = await this.renderFresh(url, this.nonceMarker, session, page, preloaded);
    const html = body.toString();
    // Flags changed during the render: answer with it, but do not keep it.
    const parts =
      status === 200 && inputs.flags === this.flags.version
        ? this.keptRenders.keep(url, inputs, { html, status, page }, this.nonceMarker, renderedAt)
        : PageCache.split({ html, status, page }, this.nonceMarker);
    return { status, body: PageCache.fillBytes(parts, nonce) };
  }

  private dropCacheOnNewFlags(): void {
    if (this.flags.version === this.cachedFlags) return;
    this.cache.clear();
    this.cachedFlags = this.flags.version;
  }

  private async renderShared(pathname: string, page: PageDef) {
    const flags = this.flags.version;
    const { status, body } = await this.renderFresh(pathname, this.nonceMarker, undefined, page);
    const html = body.toString();
    // Flags changed during the render: answer with it, but do not keep it.
    if (flags !== this.flags.version) return PageCache.split({ html, status, page }, this.nonceMarker);
    return this.cache.set(pathname, { html, status, page }, this.nonceMarker);
  }

  private async renderFresh(
    url: string,
    nonce: string,
    session: SessionView | null | undefined,
    page: PageDef | undefined,
    preloaded?: PreloadedAnswers,
  ): Promise<RenderedPage> {
    const { template, linked, bundle, preloads } = await this.source!.load(url);
    const result = await bundle.render({ url, session, config: this.browserConfig, flags: this.flags.current(), nonce, preloaded });
    const preload = preloads?.get(page?.id ?? NOT_FOUND_PAGE);
    // A page behind sign-in links the stylesheet: it is reached after the open pages, so the
    // browser has the file (open pages prefetch it), and each of its answers is 36 KB lighter.
    const shell = page?.access === 'sign-in' && linked ? linked : template;
    return { status: result.status, body: shell.fill(result.lang, result.head, result.body, { nonce, preload }) };
  }
}

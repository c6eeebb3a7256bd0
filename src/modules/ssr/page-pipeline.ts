import { gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { freshCspNonce } from '../../common/security/csp-nonce';
import { SecurityHeaderTemplate } from '../../common/security/security-header-template';
import { cspNonce } from '../../common/security/security-headers';
import { actorFromSession, sessionView, type Actor } from '../session';
import { PageCache, type CachedPage } from './page-cache';
import { pageHeaders, type PageKind } from './page-headers';
import { SsrService, type RenderedPage } from './ssr.service';
import type { SessionView } from '../../shared/app-state';
import type { PageDef } from '../../shared/site-map';
import type { Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A page to send: its status, what its headers depend on, and its nonce. */
interface PageHead {
  status: number;
  nonce: string;
  page: PageKind;
}

/** A page from memory, to be sent under `nonce`. */
export interface ReadyPage extends PageHead {
  cached: CachedPage;
}

/**
 * The one way a page is answered. It has three doors: the request listener in front of Nest
 * (page-fast-path.ts) takes open pages already rendered through `fromMemory` and `send`, which
 * cost no framework at all (npm run bench); the signed-in pages' door (signed-in-page-door.ts)
 * takes a plain visit to a page behind sign-in through `renderFor` and `sendRendered`; the SSR
 * controller takes every other page through `render`. All write the status and every header with
 * `writeHead`, from `pageHeaders`.
 */
@Injectable()
export class PagePipeline {
  constructor(
    private readonly ssr: SsrService,
    private readonly security: SecurityHeaderTemplate,
  ) {}

  /** The listener's door: the open page at this URL under a fresh nonce, if it is rendered already. */
  fromMemory(url: string): ReadyPage | undefined {
    const query = url.indexOf('?');
    const cached = this.ssr.cached(query === -1 ? url : url.slice(0, query));
    return cached && { status: cached.status, nonce: freshCspNonce(), page: cached.page, cached };
  }

  /**
   * Sends a page from memory on the bare response, without Express. Uncompressed, its parts go
   * out as they are kept, the nonce written between them: a page costs no new buffer (a 56 KB
   * one per answer kept the garbage collector busy at thousands a second). Gzip when the client
   * takes it.
   */
  send(req: IncomingMessage, res: ServerResponse, ready: ReadyPage): void {
    this.writeHead(res, ready);
    const { cached, nonce } = ready;
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const body = PageCache.fillBytes(cached, nonce);
      gzip(body, (error, zipped) => {
        if (!error) res.setHeader('Content-Encoding', 'gzip');
        const sent = error ? body : zipped;
        res.setHeader('Content-Length', sent.length);
        res.end(req.method === 'HEAD' ? undefined : sent);
      });
      return;
    }
    res.setHeader('Content-Length', PageCache.byteLength(cached, nonce));
    if (req.method === 'HEAD') return void res.end();
    res.cork();
    const { bytes } = cached;
    res.write(bytes[0]);
    for (let i = 1; i < bytes.length; i++) {
      res.write(nonce, 'latin1');
      res.write(bytes[i]);
    }
    res.end();
  }

  /**
   * The controller's door: this request's page (from memory when it is open and rendered), under
   * the nonce the security middleware chose, sent through Express and its compression.
   */
  async render(req: Request, res: Response, page: PageDef | undefined): Promise<void> {
    const nonce = cspNonce(res);
    const actor = () => actorFromSession(req.session, null);
    this.sendRendered(res, await this.renderFor(req.originalUrl, nonce, () => sessionView(req), actor), nonce, page);
  }

  /** The page at `url` rendered for `session` under `nonce` (not yet sent); its own data read for `actor`. */
  renderFor(url: string, nonce: string, session: () => SessionView | null, actor?: () => Actor): Promise<RenderedPage> {
    return this.ssr.render(url, nonce, session, actor);
  }

  /** Sends a rendered page: the controller's door and the signed-in pages' door (signed-in-page-door.ts). */
  sendRendered(res: ServerResponse, { status, body }: RenderedPage, nonce: string, page: PageDef | undefined): void {
    this.writeHead(res, { status, nonce, page });
    // Bytes as they are (Express's send would take them for a download): Node leaves out the body of a HEAD.
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }

  private writeHead(res: ServerResponse, ready: PageHead): void {
    const headers = pageHeaders(ready.page, ready.nonce, this.security);
    for (const name in headers) res.setHeader(name, headers[name]);
    res.statusCode = ready.status;
  }
}

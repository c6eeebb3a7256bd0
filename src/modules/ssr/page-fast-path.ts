import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import type { Logger } from 'pino';
import { correlationId } from '../../common/logging/correlation-id';
import type { HeaderTemplate } from './header-template';
import type { SsrService } from './ssr.service';

/**
 * Open pages already rendered are the busiest answers and the same for every visitor: they
 * are answered here, in front of the framework, with the same security headers (captured
 * once), a fresh nonce, the correlation id and a log line. Anything else — a first render,
 * an API call, a page behind sign-in, a file — goes to the Nest application untouched.
 */
export function installPageFastPath(server: Server, ssr: SsrService, headers: HeaderTemplate, logger: () => Logger | undefined): void {
  const [application] = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && answer(req, res, ssr, headers, logger)) return;
    application(req, res);
  });
}

function answer(req: IncomingMessage, res: ServerResponse, ssr: SsrService, headers: HeaderTemplate, logger: () => Logger | undefined): boolean {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const nonce = randomBytes(16).toString('base64');
  const page = ssr.cached(query === -1 ? url : url.slice(0, query), nonce);
  if (!page) return false;
  const started = process.hrtime.bigint();
  const id = correlationId(req, res);
  headers.apply(res, nonce);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('Vary', 'Accept-Encoding');
  if (page.pageId === 'magic-link') res.setHeader('Referrer-Policy', 'no-referrer');
  res.once('finish', () => {
    const responseTime = Number((process.hrtime.bigint() - started) / 1_000_000n);
    logger()?.info({ correlationId: id, req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
  });
  res.statusCode = page.status;
  const body = Buffer.from(page.html);
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  gzip(body, (error, zipped) => {
    if (error) {
      res.setHeader('Content-Length', body.length);
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', zipped.length);
    res.end(req.method === 'HEAD' ? undefined : zipped);
  });
  return true;
}

import { correlationId } from '../../common/logging/correlation-id';
import { PAGE_FROM_MEMORY } from '../../common/metrics/request-metrics';
import type { PagePipeline } from './page-pipeline';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * Open pages already rendered are the busiest answers and the same for every visitor: they
 * are answered here, in front of the framework, by the page pipeline (the same headers as
 * through the SSR controller, a fresh nonce), with the correlation id and a log line that
 * Nest's middleware would have added. Anything else — a first render, an API call, a page
 * behind sign-in, a file — goes to the Nest application untouched.
 */
export function installPageFastPath(
  server: Server,
  pages: PagePipeline,
  logger: () => Logger | undefined,
  observe?: (route: string, method: string | undefined, status: number, seconds: number) => void,
): void {
  const [application] = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const ready = req.method === 'GET' || req.method === 'HEAD' ? pages.fromMemory(url) : undefined;
    if (!ready) return application(req, res);
    const started = process.hrtime.bigint();
    const id = correlationId(req, res);
    res.once('finish', () => {
      const elapsed = process.hrtime.bigint() - started;
      const responseTime = Number(elapsed / 1_000_000n);
      observe?.(PAGE_FROM_MEMORY, req.method, res.statusCode, Number(elapsed) / 1e9);
      logger()?.info({ correlationId: id, req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
    });
    pages.send(req, res, ready);
  });
}

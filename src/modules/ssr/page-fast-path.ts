import { correlationId } from '../../common/logging/correlation-id';
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
export function installPageFastPath(server: Server, pages: PagePipeline, logger: () => Logger | undefined): void {
  const [application] = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const ready = req.method === 'GET' || req.method === 'HEAD' ? pages.fromMemory(url) : undefined;
    if (!ready) return application(req, res);
    const id = correlationId(req, res);
    // The request log line costs a listener and a timer per page: only when it is written.
    const log = logger();
    if (log?.isLevelEnabled('info')) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const responseTime = Number((process.hrtime.bigint() - started) / 1_000_000n);
        log.info({ correlationId: id, req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
      });
    }
    pages.send(req, res, ready);
  });
}

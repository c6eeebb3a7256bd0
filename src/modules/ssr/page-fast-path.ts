import { traceRequest, type DoorHandler } from '../../common/http/front-door';
import { PAGE_FROM_MEMORY } from '../../common/metrics/request-metrics';
import type { PagePipeline, ReadyPage } from './page-pipeline';
import type { Logger } from 'pino';

/**
 * Open pages already rendered are the busiest answers and the same for every visitor: they
 * are answered in front of the framework by the page pipeline (the same headers as through the
 * SSR controller, a fresh nonce), with the correlation id and the log line Nest's middleware
 * would have added. Anything else — a first render, an API call, a page behind sign-in, a
 * file — goes to the Nest application untouched. Its place among the HTTP pipeline's stages:
 * src/bootstrap/http-pipeline.ts.
 */
export function pageFastPath(pages: PagePipeline, logger: () => Logger | undefined): DoorHandler<ReadyPage> {
  return {
    takes: (req) => (req.method === 'GET' || req.method === 'HEAD' ? pages.fromMemory(req.url ?? '/') : undefined),
    answer: (req, res, ready) => {
      traceRequest(req, res, logger(), PAGE_FROM_MEMORY);
      pages.send(req, res, ready);
    },
  };
}

import { performance } from 'node:perf_hooks';
import { correlationId } from '../logging/correlation-id';
import { observeRequest } from '../metrics/request-metrics';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A door in front of the framework for the few busiest answers that are the same work every time
 * (open pages from memory, the price estimate): it answers what it takes and returns true; every
 * other request, and any it gives up on, goes to the Nest application, untouched or with what it
 * read left for the application (see readJsonBodyEarly).
 */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse, application: RequestListener) => boolean;

export function installFrontDoor(server: Server, door: FrontDoor): void {
  const [application] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!door(req, res, application)) application(req, res);
  });
}

const TRACE = Symbol('front door trace');
interface Trace {
  id: string;
  route: string;
  started: number;
  log: Logger | undefined;
}
type Traced = IncomingMessage & { [TRACE]?: Trace };

/** One listener shared by every door's answer (no closure per request): the metrics, and the log line when info is logged. */
function onFinish(this: ServerResponse): void {
  const req = this.req as Traced;
  const trace = req[TRACE]!;
  const elapsed = performance.now() - trace.started;
  observeRequest(trace.route, req.method, this.statusCode, elapsed / 1000);
  trace.log?.info(
    { correlationId: trace.id, req: { method: req.method, url: req.url }, res: { statusCode: this.statusCode }, responseTime: Math.round(elapsed) },
    'request completed',
  );
}

/**
 * What Nest's middleware gives every answer and a door must give its own: the correlation id
 * (returned), the request's time in the metrics under `route` (a pattern, never the URL), and
 * its log line, written as pino-http writes it.
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, log: Logger | undefined, route: string): string {
  const id = correlationId(req, res);
  (req as Traced)[TRACE] = { id, route, started: performance.now(), log: log?.isLevelEnabled('info') ? log : undefined };
  res.on('finish', onFinish);
  return id;
}

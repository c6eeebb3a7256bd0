import { performance } from 'node:perf_hooks';
import { correlationId } from '../logging/correlation-id';
import { answeredAsRoute } from '../metrics/request-metrics';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A door in front of the framework for the few busiest answers that are the same work every time
 * (open pages from memory, the price estimate, a plain visit to a page behind sign-in). The HTTP
 * pipeline (src/bootstrap/http-pipeline.ts) places it in its list of stages: a request the door
 * `takes` runs the stages before the door that are marked for it, then `answer`, which answers it
 * or hands it over; the application then runs the rest of the pipeline, skipping the stages the
 * door ran already (their outcome stands, an error included), so nothing has to be undone.
 */
export interface DoorHandler<Taken = unknown> {
  /** What the door found to answer, or undefined when the request is the application's (cheap, before any stage runs). */
  takes(req: IncomingMessage): Taken | undefined;
  /** Answers the request, or calls `handOver()` for the application to answer it. */
  answer(req: IncomingMessage, res: ServerResponse, taken: Taken, handOver: () => void): void;
}

/** A door as the server calls it: whether it took the request (else the application gets it). */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Puts `door` in front of the server's request listener (the application). */
export function installFrontDoor(server: Server, door: FrontDoor): void {
  const [application] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!door(req, res)) application(req, res);
  });
}

/** The server's own request listener (the application), as it is before any door is installed. */
export function applicationOf(server: Server): RequestListener {
  return (server.listeners('request') as RequestListener[])[0];
}

const TRACE = Symbol('front door trace');
interface Trace {
  id: string;
  started: number;
  log: Logger;
}
type Traced = IncomingMessage & { [TRACE]?: Trace };

/** One listener shared by every door's answer (no closure per request): the log line. */
function onFinish(this: ServerResponse): void {
  const req = this.req as Traced;
  const trace = req[TRACE]!;
  trace.log.info(
    {
      correlationId: trace.id,
      req: { method: req.method, url: req.url },
      res: { statusCode: this.statusCode },
      responseTime: Math.round(performance.now() - trace.started),
    },
    'request completed',
  );
}

/**
 * What the request log (pino-http, Nest's middleware) gives every answer of the application and a
 * door must give its own: the correlation id (returned) and its log line, written as pino-http
 * writes it; and its name in the request metrics, `route` (a pattern, never the URL).
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, log: Logger | undefined, route: string): string {
  const id = correlationId(req, res);
  answeredAsRoute(req, route);
  if (log?.isLevelEnabled('info')) {
    (req as Traced)[TRACE] = { id, started: performance.now(), log };
    res.on('finish', onFinish);
  }
  return id;
}

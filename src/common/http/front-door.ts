import { correlationId } from '../logging/correlation-id';
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

/**
 * What Nest's middleware gives every answer and a door must give its own: the correlation id
 * (returned) and the request's log line, written as pino-http writes it. The line costs a
 * listener and a timer per request, so only when it is written at all.
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, log: Logger | undefined): string {
  const id = correlationId(req, res);
  if (log?.isLevelEnabled('info')) {
    const started = process.hrtime.bigint();
    const url = req.url;
    res.once('finish', () => {
      const responseTime = Number((process.hrtime.bigint() - started) / 1_000_000n);
      log.info({ correlationId: id, req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
    });
  }
  return id;
}

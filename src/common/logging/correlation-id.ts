import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The caller's correlation id when it is a plausible id, otherwise a fresh UUID; echoed back. */
export function correlationId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestCorrelationId(req);
  res.setHeader(CORRELATION_HEADER, id);
  return id;
}

/**
 * The request's correlation id before anything is answered: a fresh one is kept on the request as
 * if the caller had sent it, so whatever answers later (a door, or the application it hands the
 * request to) names the same id.
 */
export function requestCorrelationId(req: IncomingMessage): string {
  const given = req.headers[CORRELATION_HEADER];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  const id = randomUUID();
  req.headers[CORRELATION_HEADER] = id;
  return id;
}

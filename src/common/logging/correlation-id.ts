import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The caller's correlation id when it is a plausible id, otherwise a fresh UUID; echoed back. */
export function correlationId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[CORRELATION_HEADER];
  const id = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  res.setHeader(CORRELATION_HEADER, id);
  return id;
}

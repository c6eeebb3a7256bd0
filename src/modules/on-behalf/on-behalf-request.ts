import type { Request } from 'express';

/** Methods that read (HTTP's safe methods, without OPTIONS, which answers no data). */
const READ_METHODS = new Set(['GET', 'HEAD']);

export function changesState(req: Request): boolean {
  return !READ_METHODS.has(req.method) && req.method !== 'OPTIONS';
}

export function reads(req: Request): boolean {
  return READ_METHODS.has(req.method);
}

/** "POST /api/policies/…/cancel": the request as an audit target (no query string, which may carry anything). */
export function requestTarget(req: Request): string {
  return `${req.method} ${(req.originalUrl ?? req.url).split('?')[0]}`;
}

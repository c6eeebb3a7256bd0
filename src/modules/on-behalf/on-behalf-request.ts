import type { Request } from 'express';
import { actorOf } from '../session/current-actor.decorator';

/** Methods that change nothing (HTTP's safe methods). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isActingOnBehalf(req: Request): boolean {
  return actorOf(req).staff !== undefined;
}

export function changesState(req: Request): boolean {
  return !SAFE_METHODS.has(req.method);
}

/** "POST /api/policies/…/cancel": the request as an audit target (no query string, which may carry anything). */
export function requestTarget(req: Request): string {
  return `${req.method} ${(req.originalUrl ?? req.url).split('?')[0]}`;
}

import { performance } from 'node:perf_hooks';
import { httpDuration, httpErrors } from './metrics-registry';
import type { IncomingMessage, ServerResponse } from 'node:http';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'] as const;
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Requests that matched no route: a file, a page rendered by the catch-all, a 404. */
const NO_ROUTE = 'none';
/** Pages answered from memory in front of the framework (page-fast-path.ts). */
export const PAGE_FROM_MEMORY = 'page (from memory)';
/** Pages behind sign-in answered in front of the framework (signed-in-page-door.ts). */
export const SIGNED_IN_PAGE = 'page (signed in)';

type Observer = { observe(value: number): void };

/**
 * The histogram's children, one per route pattern × method × status class, made once and kept:
 * a request then costs a lookup and an observe, no label object or string.
 */
const children = new Map<string, Array<Observer | undefined>>();

function methodIndex(method: string | undefined): number {
  const i = METHODS.indexOf(method as (typeof METHODS)[number]);
  return i < 0 ? METHODS.length - 1 : i;
}

function statusIndex(status: number): number {
  const i = (status / 100) | 0;
  return i >= 1 && i <= 5 ? i : 5;
}

/** Records one answered request: `route` is a pattern (bounded), never the URL. */
export function observeRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  let row = children.get(route);
  if (!row) children.set(route, (row = []));
  const m = methodIndex(method);
  const s = statusIndex(status);
  const slot = m * STATUS_CLASSES.length + s;
  let child = row[slot];
  if (!child) child = row[slot] = httpDuration.labels(METHODS[m], route, STATUS_CLASSES[s]);
  child.observe(seconds);
  if (s === 5) httpErrors.inc({ method: METHODS[m], route });
}

const started = Symbol('metrics-started');
const answeredAs = Symbol('metrics-answered-as');
type Timed = IncomingMessage & { route?: { path?: unknown }; [started]?: number; [answeredAs]?: string };

function onFinish(this: ServerResponse): void {
  const req = this.req as Timed;
  const route = req.route?.path;
  const label = typeof route === 'string' ? route : (req[answeredAs] ?? NO_ROUTE);
  observeRequest(label, req.method, this.statusCode, (performance.now() - req[started]!) / 1000);
}

/** Names what answered a request no route of the application matched: a door's answer (a pattern, never the URL). */
export function answeredAsRoute(req: IncomingMessage, route: string): void {
  (req as Timed)[answeredAs] = route;
}

/**
 * Times every request, under its route's pattern (or the door's, answeredAsRoute): one shared
 * listener, no closure per request. A stage of the HTTP pipeline (src/bootstrap/http-pipeline.ts),
 * the first, so it takes the bare Node request as well as Express's.
 */
export function requestMetrics() {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    (req as Timed)[started] = performance.now();
    res.on('finish', onFinish);
    next();
  };
}

import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a response gets when its handler did not choose: nothing kept by any cache. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/**
 * The one place that decides what caches may keep. Any answer may hold personal data (an
 * account, a policy, a statement, a page behind sign-in, an error naming an address), so a
 * response whose handler did not set Cache-Control itself leaves as `no-store` — a new
 * endpoint is safe by default. What is explicitly public says so where it is served: hashed
 * assets and root files (static-files), open pages (no-cache, private), the app-link files.
 * Applied when the headers are written, so it never overrides a handler's own choice.
 */
export function noStoreByDefault(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    defaultCacheControl(res);
    next();
  };
}

function defaultCacheControl(res: ServerResponse): void {
  // Called with the response as `this` below, as Node calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithDefault(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader('Cache-Control')) this.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  };
}

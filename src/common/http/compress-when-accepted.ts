import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Express's compression middleware, run only for a client that accepts an encoding (the others
 * pay nothing for its machinery). It takes the bare Node request and response as well, so a door
 * in front of the framework compresses exactly as the application does.
 */
export function compressWhenAccepted(): RequestHandler {
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
}

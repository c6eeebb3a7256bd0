import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiError } from '../common/errors/api-error';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Our hashed assets are plain names (index-3f2a1b.js, fonts/x.woff2): a path that does not decode,
 * or decodes to a parent directory, a backslash or a control character, is never one of them.
 * 400 for what is not a path at all, 404 for the rest (a probe learns nothing from the difference).
 */
function assetPathProblem(requested: string): 400 | 404 | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    return 400;
  }
  // Source maps are our whole client source: the build keeps them (hidden) for error tracking,
  // the public never gets them — a 404, as for a name we do not have.
  if (/\.map$/i.test(decoded)) return 404;
  return decoded.split('/').includes('..') || /[\\\u0000-\u001f\u007f]/.test(decoded) ? 404 : undefined;
}

function notServed(res: Response, status: 400 | 404): void {
  if (res.headersSent) return;
  res.status(status).json(status === 400 ? apiError('That address is not valid.', 'BAD_REQUEST') : apiError('Not found.', 'NOT_FOUND'));
}

/**
 * The built client's files. Hashed assets under /assets never change under their name
 * (immutable, a year). The few files at the root (icons, manifest, robots.txt, the social
 * image) are revalidated daily; they are listed once at start, so a page request never costs
 * a file-system look-up.
 */
export function staticFiles(clientDir: string): RequestHandler[] {
  const rootFiles = new Set(
    fs.existsSync(clientDir)
      ? fs
          .readdirSync(clientDir, { withFileTypes: true })
          .filter((e) => e.isFile() && e.name !== 'index.html' && !e.name.toLowerCase().endsWith('.map'))
          .map((e) => `/${e.name}`)
      : [],
  );
  const root = express.static(clientDir, { index: false, maxAge: DAY_MS, fallthrough: false });
  const assets = express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: YEAR_MS, index: false, fallthrough: false });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      const refused = assetPathProblem(req.path);
      if (refused) return notServed(res, refused);
      // Whatever else the file server refuses (a missing file, a directory) is a 4xx, never a 500.
      assets(req, res, (err?: { status?: number; statusCode?: number }) => (err ? notServed(res, 404) : next()));
    },
    (req: Request, res: Response, next: NextFunction) => (rootFiles.has(req.path) ? root(req, res, next) : next()),
  ];
}

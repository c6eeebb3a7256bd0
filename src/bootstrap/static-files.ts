import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { apiError } from '../common/errors/api-error';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** The service worker the client build writes (vite.config.mts, src/client/offline). */
const SERVICE_WORKER = 'service-worker.js';

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
  // eslint-disable-next-line no-control-regex -- refusing control characters is what this expression is for
  return decoded.split('/').includes('..') || /[\\\u0000-\u001f\u007f]/.test(decoded) ? 404 : undefined;
}

/** The encodings the build made copies in (vite.config.mts), best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Every file of `dir` (relative, "/a/b.js") that has a precompressed copy, and in which encodings. */
function precompressedFiles(dir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const encoding = ENCODINGS.find((e) => entry.isFile() && entry.name.endsWith(e.extension));
    if (!encoding) continue;
    const original =
      '/' +
      path
        .relative(dir, path.join(entry.parentPath, entry.name.slice(0, -encoding.extension.length)))
        .split(path.sep)
        .join('/');
    if (!found.has(original)) found.set(original, new Set());
    found.get(original)!.add(encoding.name);
  }
  return found;
}

/**
 * Sends a file's Brotli or gzip copy when the browser takes it: the build compressed it at the
 * highest level once, where compressing on each request would cost every response and send more
 * bytes. The file's own type goes with it, and Vary, since the answer depends on Accept-Encoding.
 * The compression middleware leaves an answer that already has a Content-Encoding alone.
 */
function servePrecompressed(files: Map<string, Set<string>>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const available = files.get(req.path);
    if (!available || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    // Ours first (Brotli is smaller), not the browser's order: browsers list gzip before br.
    const encoding = ENCODINGS.find((e) => available.has(e.name) && req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', encoding.name);
    req.url = req.path + encoding.extension + req.url.slice(req.path.length);
    next();
  };
}

function notServed(res: Response, status: 400 | 404): void {
  if (res.headersSent) return;
  res.status(status).json(status === 400 ? apiError('That address is not valid.', 'BAD_REQUEST') : apiError('Not found.', 'NOT_FOUND'));
}

/**
 * The built client's files. Hashed assets under /assets never change under their name
 * (immutable, a year). The few files at the root (icons, manifest, robots.txt, the social
 * image) are revalidated daily, the service worker on every visit; they are listed once at start, so a page request never costs
 * a file-system look-up.
 */
export function staticFiles(clientDir: string): RequestHandler[] {
  const rootFiles = new Set(
    fs.existsSync(clientDir)
      ? fs
          .readdirSync(clientDir, { withFileTypes: true })
          .filter((e) => e.isFile() && e.name !== 'index.html' && !/\.(map|br|gz)$/i.test(e.name))
          .map((e) => `/${e.name}`)
      : [],
  );
  const root = express.static(clientDir, {
    index: false,
    maxAge: DAY_MS,
    fallthrough: false,
    // The service worker (issue 27) is checked on every visit: a fixed one must reach every
    // browser at once, not a day later.
    setHeaders: (res, file) => {
      if (path.basename(file) === SERVICE_WORKER) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const assets = express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: YEAR_MS, index: false, fallthrough: false });
  const compressedAssets = servePrecompressed(precompressedFiles(path.join(clientDir, 'assets')));
  const compressedRoot = servePrecompressed(new Map([...precompressedFiles(clientDir)].filter(([file]) => rootFiles.has(file))));
  return [
    (req: Request, res: Response, next: NextFunction) => {
      const refused = assetPathProblem(req.path);
      if (refused) return notServed(res, refused);
      // Whatever else the file server refuses (a missing file, a directory) is a 4xx, never a 500.
      compressedAssets(req, res, () => {
        assets(req, res, (err?: { status?: number; statusCode?: number }) => (err ? notServed(res, 404) : next()));
      });
    },
    (req: Request, res: Response, next: NextFunction) => {
      if (!rootFiles.has(req.path)) return next();
      compressedRoot(req, res, () => {
        root(req, res, next);
      });
    },
  ];
}

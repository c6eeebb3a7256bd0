import fs from 'node:fs';
import path from 'node:path';
import { NotFoundException } from '@nestjs/common';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

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
    // Source maps are our whole client source: the build keeps them (hidden) for error
    // tracking, the public never gets them — a 404, as for a name we do not have.
    (req: Request, res: Response, next: NextFunction) => (/\.map$/i.test(req.path) ? next(new NotFoundException()) : assets(req, res, next)),
    (req: Request, res: Response, next: NextFunction) => (rootFiles.has(req.path) ? root(req, res, next) : next()),
  ];
}

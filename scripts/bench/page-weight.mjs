// What JavaScript and CSS a page loads before any interaction, measured in Chromium: sized from
// the build (raw, gzip -9) and as served (the body bytes Chromium received, in the encoding the
// server chose for it).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

function sizesOf(file) {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

export async function pageWeights(base, paths, clientDir, { cookies = [] } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const weights = [];
  try {
    for (const pagePath of paths) {
      const context = await browser.newContext();
      if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
      // No request may leave the machine: a configured vendor's host is answered empty.
      await context.route(
        (url) => url.origin !== new URL(base).origin,
        (route) => route.fulfill({ status: 204, body: '' }),
      );
      const page = await context.newPage();
      const files = new Map();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === new URL(base).origin && /\.(js|css)$/.test(url.pathname)) {
          files.set(
            url.pathname,
            response
              .finished()
              .then(() => response.request().sizes())
              .then((sizes) => sizes.responseBodySize),
          );
        }
      });
      await page.goto(base + pagePath, { waitUntil: 'networkidle' });
      const totals = {
        path: pagePath,
        list: [...files.keys()].sort(),
        js: { raw: 0, gzip: 0, served: 0, files: 0 },
        css: { raw: 0, gzip: 0, served: 0, files: 0 },
      };
      for (const [file, served] of files) {
        const kind = file.endsWith('.css') ? 'css' : 'js';
        const size = sizesOf(path.join(clientDir, file));
        totals[kind].raw += size.raw;
        totals[kind].gzip += size.gzip;
        totals[kind].served += await served;
        totals[kind].files += 1;
      }
      weights.push(totals);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

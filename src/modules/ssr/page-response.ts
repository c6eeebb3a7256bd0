import type { Response } from 'express';
import type { PageId } from '../../shared/site-map';

/** Sends a rendered page with the headers every page has, and those its own kind needs. */
export function sendPage(res: Response, pageId: PageId | undefined, status: number, html: string): void {
  // The sign-in page holds a code in its URL: no Referer may carry any of it anywhere.
  if (pageId === 'magic-link') res.setHeader('Referrer-Policy', 'no-referrer');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // Each page carries its own CSP nonce: no shared cache may keep it.
  res.setHeader('Cache-Control', 'no-cache, private');
  res.send(html);
}

import type { Response } from 'express';
import type { PageDef } from '../../shared/site-map';

/** Sends a rendered page with the headers every page has, and those its own kind needs. */
export function sendPage(res: Response, page: PageDef | undefined, status: number, html: string): void {
  const pageId = page?.id;
  // The sign-in page holds a code in its URL: no Referer may carry any of it anywhere.
  if (pageId === 'magic-link') res.setHeader('Referrer-Policy', 'no-referrer');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // Each page carries its own CSP nonce: no shared cache may keep it. A page behind sign-in
  // is rendered with the customer's data: no cache, shared or the browser's, may keep it.
  res.setHeader('Cache-Control', page?.access === 'sign-in' ? 'no-store' : 'no-cache, private');
  res.send(html);
}

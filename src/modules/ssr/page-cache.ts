import type { PageDef } from '../../shared/site-map';

/** A rendered page with its nonce left out: the parts between which this response's nonce goes. */
export interface CachedPage {
  status: number;
  page: PageDef;
  /** Encoded once: the busiest door copies bytes instead of encoding a string per request. */
  bytes: Buffer[];
}

/**
 * Open pages rendered for nobody in particular are the same for every visitor of a locale,
 * so each is rendered once and then served from memory with only the nonce filled in.
 * Keys are the finite set of open page paths; the size bound is a guard, not a policy.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = 200) {}

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, rendered: { html: string; status: number; page: PageDef }, nonceMarker: string): CachedPage {
    const cached = PageCache.split(rendered, nonceMarker);
    if (this.pages.size < this.maxEntries) this.pages.set(key, cached);
    return cached;
  }

  clear(): void {
    this.pages.clear();
  }

  static split(rendered: { html: string; status: number; page: PageDef }, nonceMarker: string): CachedPage {
    return { status: rendered.status, page: rendered.page, bytes: rendered.html.split(nonceMarker).map((part) => Buffer.from(part)) };
  }

  /** The length of the page's bytes under `nonce` (base64, so one byte a character). */
  static byteLength(page: CachedPage, nonce: string): number {
    let length = nonce.length * (page.bytes.length - 1);
    for (const part of page.bytes) length += part.length;
    return length;
  }

  /** The page's bytes under `nonce`, in one buffer. */
  static fillBytes(page: CachedPage, nonce: string): Buffer {
    const { bytes } = page;
    const body = Buffer.allocUnsafe(PageCache.byteLength(page, nonce));
    let at = bytes[0].copy(body, 0);
    for (let i = 1; i < bytes.length; i++) {
      at += body.write(nonce, at, 'latin1');
      at += bytes[i].copy(body, at);
    }
    return body;
  }
}

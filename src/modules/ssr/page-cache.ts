import type { PageDef } from '../../shared/site-map';

/** A rendered page with its nonce left out: the parts between which this response's nonce goes. */
export interface CachedPage {
  status: number;
  page: PageDef;
  parts: string[];
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
    const cached = { status: rendered.status, page: rendered.page, parts: rendered.html.split(nonceMarker) };
    if (this.pages.size < this.maxEntries) this.pages.set(key, cached);
    return cached;
  }

  clear(): void {
    this.pages.clear();
  }

  static fill(page: CachedPage, nonce: string): string {
    return page.parts.join(nonce);
  }
}

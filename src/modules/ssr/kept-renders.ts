import { KEPT_PAGE_DATA_AGE_MS } from './kept-page-data';
import { PageCache, type CachedPage } from './page-cache';
import type { PreloadedAnswers } from '../../shared/app-state';
import type { PageDef } from '../../shared/site-map';

/**
 * At most this many pages kept, and this many bytes of them: the least recently used go first.
 * A complete My account is ~150 KB of HTML; 16 MB holds a hundred customers' in the minute each
 * is kept, beside the kept data's own 16 MB (kept-page-data.ts).
 */
export const KEPT_RENDERS_MAX_ENTRIES = 2_000;
export const KEPT_RENDERS_MAX_BYTES = 16 * 2 ** 20;

/** Everything a page behind sign-in is rendered from, besides its URL and the nonce (SsrService.renderFresh). */
export interface RenderInputs {
  /** The visitor's session as the page shows it, as JSON (its user, session id, role, on-behalf mark). */
  readonly session: string;
  /** The feature flags' version. */
  readonly flags: string;
  /** The page's data: a kept read's own object (KeptPageData), or none for a page without loaders. */
  readonly answers: PreloadedAnswers | undefined;
}

interface Kept extends RenderInputs {
  /** The app's clock when it was rendered, ms. */
  readonly renderedAt: number;
  readonly page: CachedPage;
  readonly bytes: number;
}

/**
 * Pages behind sign-in as last rendered for a session (issue 29: a signed-in page's render was
 * half of its server's work under load, and a customer's My account is the same page from one
 * visit to the next until their data changes). Served again while it was rendered from the same
 * inputs — the same session, flags and kept data object, which KeptPageData replaces on any write
 * the page shows — and is younger than the kept data's minute by the app's clock: what a page says
 * of time alone ("renews in 12 days", a state's day) moves on as the data's does. Keyed by the URL
 * and the session's JSON, compared again on a hit: one visitor's page is never looked up for
 * another. The nonce is left out and filled in per answer, as for the open pages (PageCache).
 */
export class KeptRenders {
  /** By URL and session, least recently used first (a Map keeps insertion order). */
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = KEPT_RENDERS_MAX_ENTRIES,
    private readonly maxBytes = KEPT_RENDERS_MAX_BYTES,
  ) {}

  /** The page rendered at `url` from these inputs less than a minute before `now`, if kept. */
  get(url: string, inputs: RenderInputs, now: number): CachedPage | undefined {
    const key = keyOf(url, inputs);
    const found = this.kept.get(key);
    if (!found) return undefined;
    const same = found.session === inputs.session && found.flags === inputs.flags && found.answers === inputs.answers;
    if (!same || now < found.renderedAt || now - found.renderedAt >= KEPT_PAGE_DATA_AGE_MS) {
      this.drop(key);
      return undefined;
    }
    // Used now: to the end of the order.
    this.kept.delete(key);
    this.kept.set(key, found);
    return found.page;
  }

  /** Keeps the page rendered at `url` from `inputs` at `renderedAt`, its nonce written as `nonceMarker`; returns its parts. */
  keep(url: string, inputs: RenderInputs, rendered: { html: string; status: number; page: PageDef }, nonceMarker: string, renderedAt: number): CachedPage {
    const page = PageCache.split(rendered, nonceMarker);
    const bytes = PageCache.byteLength(page, '');
    if (bytes > this.maxBytes) return page;
    const key = keyOf(url, inputs);
    this.drop(key);
    this.kept.set(key, { ...inputs, renderedAt, page, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.kept.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= entry.bytes;
    }
    return page;
  }

  get size(): number {
    return this.kept.size;
  }

  private drop(key: string): void {
    const found = this.kept.get(key);
    if (!found) return;
    this.kept.delete(key);
    this.bytes -= found.bytes;
  }
}

function keyOf(url: string, inputs: RenderInputs): string {
  return `${url}\u0000${inputs.session}`;
}

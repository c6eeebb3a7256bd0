import type { FeatureFlags, PreloadedAnswers, PublicConfig, SessionView } from './app-state';

/** What the server asks the SSR bundle to render. */
export interface RenderRequest {
  /** Path and query, e.g. "/es/quote?utm_source=x". */
  url: string;
  /** Undefined when the page is rendered for everyone (cacheable). */
  session?: SessionView | null;
  config: PublicConfig;
  flags: FeatureFlags;
  nonce: string;
  /** The page's own data, read for this request's visitor (never kept for another). */
  preloaded?: PreloadedAnswers;
}

export interface RenderResult {
  status: number;
  lang: string;
  /** Title, description, canonical, alternates and social tags. */
  head: string;
  /**
   * The application markup and the state script, in pieces: text made for this request, and
   * bytes encoded once for what every visitor of the locale and page shares (the translations
   * in the state script), so a page rendered per request encodes only its own part (issue 17).
   */
  body: ReadonlyArray<string | Uint8Array>;
}

export interface SsrBundle {
  render(request: RenderRequest): Promise<RenderResult>;
}

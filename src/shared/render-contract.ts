import type { FeatureFlags, PublicConfig, SessionView } from './app-state';

/** What the server asks the SSR bundle to render. */
export interface RenderRequest {
  /** Path and query, e.g. "/es/quote?utm_source=x". */
  url: string;
  /** Undefined when the page is rendered for everyone (cacheable). */
  session?: SessionView | null;
  config: PublicConfig;
  flags: FeatureFlags;
  nonce: string;
}

export interface RenderResult {
  status: number;
  lang: string;
  /** Title, description, canonical, alternates and social tags. */
  head: string;
  /** The application markup, the router's hydration data and the state script. */
  body: string;
}

export interface SsrBundle {
  render(request: RenderRequest): Promise<RenderResult>;
}

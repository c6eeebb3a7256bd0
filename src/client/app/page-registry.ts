import { createContext, useContext, type ComponentType } from 'react';
import type { PageDef } from '../../shared/site-map';

export const NOT_FOUND_PAGE = 'not-found';
export type RoutePageId = PageDef['id'] | typeof NOT_FOUND_PAGE;

export type PageModule = { default: ComponentType };

/** Which component renders a page: eager on the server, lazy (and preloaded) in the browser. */
export interface PageRegistry {
  component(id: RoutePageId): ComponentType;
  /** After a page's code failed to load and the error was shown: load it afresh next time. */
  retryFailed: () => void;
}

export const PageRegistryContext = createContext<PageRegistry | undefined>(undefined);

export function usePageRegistry(): PageRegistry {
  const registry = useContext(PageRegistryContext);
  if (!registry) throw new Error('usePageRegistry requires PageRegistry context!');
  return registry;
}

/** "./features/quote/quote-application-page.tsx" → "quote-application". */
export function pageIdOf(path: string): RoutePageId {
  const match = /\/([a-z0-9-]+)-page\.tsx$/.exec(path);
  if (!match) throw new Error(`Not a page module: ${path}`);
  return match[1] as RoutePageId;
}

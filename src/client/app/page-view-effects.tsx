import { useTelemetry } from '../lib/telemetry/use-telemetry';
import { useDocumentTitle } from './use-document-title';
import type { RoutePageId } from './page-registry';

/**
 * The document title, then the page view that carries it (issue 17: apart from App). These
 * hooks read the session and the visitor's decision, which settle just after hydration: in App,
 * each of those changes rendered the whole page again in one long task on a phone; here they
 * render nothing. Rendered last in the frame, so its effects still run after the page's own.
 */
export function PageViewEffects({ pageId, pathname }: { pageId: RoutePageId; pathname: string }) {
  useDocumentTitle(pageId);
  // After the title: each page view carries the new page's title.
  useTelemetry(pathname);
  return null;
}

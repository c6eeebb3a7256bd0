import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { RoutePageId } from './page-registry';

/** Keeps the tab's title in step with client-side navigation (the server writes the first). */
export function useDocumentTitle(pageId: RoutePageId): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t(`pages.${pageId}.title`);
  }, [pageId, t]);
}

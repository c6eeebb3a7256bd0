import { splitLocalePath } from '../../shared/locale';
import { findPage, type FooterKind, type HeaderKind } from '../../shared/site-map';
import { NOT_FOUND_PAGE, type RoutePageId } from './page-registry';

export interface PageLayout {
  pageId: RoutePageId;
  header: HeaderKind;
  footer: FooterKind;
}

/** Spec §2 layout rules for a URL path: which page, which header, which footer. */
export function pageLayout(pathname: string): PageLayout {
  const page = findPage(splitLocalePath(pathname).path);
  return page ? { pageId: page.id, header: page.header, footer: page.footer } : { pageId: NOT_FOUND_PAGE, header: 'full', footer: 'full' };
}

import { splitLocalePath } from '../../shared/locale';
import { findPage, type Access, type FooterKind, type HeaderKind } from '../../shared/site-map';
import { NOT_FOUND_PAGE, type RoutePageId } from './page-registry';

export interface PageLayout {
  pageId: RoutePageId;
  access: Access;
  header: HeaderKind;
  footer: FooterKind;
}

/** Spec §2 layout rules for a URL path: which page, which header, which footer. */
export function pageLayout(pathname: string): PageLayout {
  const page = findPage(splitLocalePath(pathname).path);
  return page
    ? { pageId: page.id, access: page.access, header: page.header, footer: page.footer }
    : { pageId: NOT_FOUND_PAGE, access: 'open', header: 'full', footer: 'full' };
}

import type { Page, PageKind } from '../../contracts';
import type { HtmlDocument } from './html-document';

/** A page that answered with content: its stored record and, for HTML, its parsed document. */
export interface ReadPage {
  page: Page;
  html: HtmlDocument | null;
}

export function pagesOfKind(pages: readonly ReadPage[], ...kinds: PageKind[]): ReadPage[] {
  return pages.filter((read) => kinds.includes(read.page.kind));
}

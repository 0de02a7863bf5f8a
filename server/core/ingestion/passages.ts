import type { Evidence } from '../../contracts';
import { evidenceOfMatch, evidenceOfPassage } from './evidence';
import { elementsUnder } from './html-document';
import type { ReadPage } from './read-page';

/**
 * Where a pattern shows on a page, as evidence: the smallest element that
 * carries it (so the quote is that element's own words), the page's
 * navigation and footer left out unless asked for.
 */
export function evidenceIn(read: ReadPage, pattern: RegExp, options: { includeChrome?: boolean } = {}): Evidence | null {
  const { html, page } = read;
  if (!html?.body) return evidenceOfMatch(page, pattern);
  const test = new RegExp(pattern.source, pattern.flags.replace('g', ''));
  if (!test.test(page.text)) return null;
  for (const element of elementsUnder(html.body)) {
    const text = html.textOf(element);
    if (!test.test(text)) continue;
    const children = (element.children ?? []).filter((child) => child.name !== undefined);
    if (children.some((child) => test.test(html.textOf(child)))) continue;
    if (!options.includeChrome && html.inChrome(element)) continue;
    const evidence = evidenceOfPassage(page, text, test);
    if (evidence) return evidence;
  }
  return null;
}

/** The first page (in the order given) where the pattern shows, with its evidence. */
export function firstEvidence(pages: readonly ReadPage[], pattern: RegExp, options: { includeChrome?: boolean } = {}): Evidence | null {
  for (const read of pages) {
    const found = evidenceIn(read, pattern, options);
    if (found) return found;
  }
  return null;
}

import type { Evidence } from '../../contracts';
import { evidenceOfMatch, evidenceOfPassage } from './evidence';
import type { DomNode, HtmlDocument } from './html-document';
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
  for (const element of smallestMatches(html, html.body, test, options.includeChrome ?? false)) {
    const evidence = evidenceOfPassage(page, html.textOf(element), test);
    if (evidence) return evidence;
  }
  return null;
}

/**
 * The innermost elements whose text matches, in document order, found from
 * the top down: only subtrees whose text matches are entered, so a large page
 * costs its depth, not its size, per match.
 */
function* smallestMatches(html: HtmlDocument, root: DomNode, test: RegExp, includeChrome: boolean): Generator<DomNode> {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!includeChrome && node.name && html.inChrome(node)) continue;
    const matching = (node.children ?? []).filter((child) => child.name !== undefined && test.test(html.textOf(child)));
    if (matching.length === 0) yield node;
    else stack.push(...matching.reverse());
  }
}

/** The first page (in the order given) where the pattern shows, with its evidence. */
export function firstEvidence(pages: readonly ReadPage[], pattern: RegExp, options: { includeChrome?: boolean } = {}): Evidence | null {
  for (const read of pages) {
    const found = evidenceIn(read, pattern, options);
    if (found) return found;
  }
  return null;
}

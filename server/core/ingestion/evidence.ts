import type { Evidence, Page } from '../../contracts';

/**
 * Quotes are exact substrings of a page's stored text, at most MAX_QUOTE
 * characters, cut at sentence or word boundaries where possible.
 */

export const MAX_QUOTE = 300;

/** A quote of text around [start, end), preferring whole sentences. */
export function quoteAround(text: string, start: number, end: number): string {
  if (end - start >= MAX_QUOTE) return cutAtWord(text.slice(start, start + MAX_QUOTE));
  const room = MAX_QUOTE - (end - start);
  let from = Math.max(0, start - Math.min(120, Math.floor(room / 2)));
  let to = Math.min(text.length, from + MAX_QUOTE);
  const sentenceStart = lastSentenceBoundary(text, from, start);
  if (sentenceStart !== null) from = sentenceStart;
  else if (from > 0) from = nextSpace(text, from, start);
  to = Math.min(text.length, from + MAX_QUOTE);
  if (to < text.length) {
    const sentenceEnd = firstSentenceEnd(text, end, to);
    to = sentenceEnd ?? previousSpace(text, to, end);
  }
  return text.slice(from, to).trim();
}

function lastSentenceBoundary(text: string, from: number, limit: number): number | null {
  let found: number | null = null;
  const pattern = /[.!?]\s+(?=\S)/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match && match.index + match[0].length <= limit; match = pattern.exec(text)) {
    found = match.index + match[0].length;
  }
  return found;
}

function firstSentenceEnd(text: string, from: number, limit: number): number | null {
  const pattern = /[.!?](?=\s|$)/g;
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match && match.index + 1 <= limit ? match.index + 1 : null;
}

function nextSpace(text: string, from: number, limit: number): number {
  const space = text.indexOf(' ', from);
  return space >= 0 && space < limit ? space + 1 : from;
}

function previousSpace(text: string, to: number, limit: number): number {
  const space = text.lastIndexOf(' ', to);
  return space > limit ? space : to;
}

function cutAtWord(text: string): string {
  const space = text.lastIndexOf(' ');
  return (space > MAX_QUOTE / 2 ? text.slice(0, space) : text).trim();
}

/**
 * Evidence for a passage of a page (an element's text): the passage itself
 * when short, else the part around `focus`. Null when the passage is not in
 * the stored text (past the text cap).
 */
export function evidenceOfPassage(page: Page, passage: string, focus?: RegExp | string): Evidence | null {
  if (passage === '') return null;
  const at = page.text.indexOf(passage);
  if (at < 0) return focus ? evidenceOfMatch(page, focus) : null;
  if (passage.length <= MAX_QUOTE) return { source_url: page.final_url, quote: passage };
  const inner = focus ? findIn(passage, focus) : null;
  if (!inner) return { source_url: page.final_url, quote: cutAtWord(passage.slice(0, MAX_QUOTE)) };
  const start = at + inner.index;
  return { source_url: page.final_url, quote: quoteAround(page.text, start, start + inner.length) };
}

/** Evidence for the first match of a pattern in a page's text. */
export function evidenceOfMatch(page: Page, pattern: RegExp | string): Evidence | null {
  const found = findIn(page.text, pattern);
  if (!found) return null;
  return { source_url: page.final_url, quote: quoteAround(page.text, found.index, found.index + found.length) };
}

function findIn(text: string, pattern: RegExp | string): { index: number; length: number } | null {
  if (typeof pattern === 'string') {
    const index = text.toLowerCase().indexOf(pattern.toLowerCase());
    return index >= 0 ? { index, length: pattern.length } : null;
  }
  const flags = pattern.flags.replace('g', '').replace('y', '');
  const match = new RegExp(pattern.source, flags).exec(text);
  return match ? { index: match.index, length: match[0].length } : null;
}

/** Evidence list without repeated quotes from one page. */
export function uniqueEvidence(items: readonly (Evidence | null)[], max = 8): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const item of items) {
    if (!item) continue;
    const key = `${item.source_url}\n${item.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

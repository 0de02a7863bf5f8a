import type { Feature, PageKind } from '../../contracts';
import { evidenceOfPassage } from './evidence';
import { classAndId, closest, elementsUnder, type DomNode, type HtmlDocument } from './html-document';
import { findPrices, isContactLabel } from './price-text';
import { pagesOfKind, type ReadPage } from './read-page';

/** Short feature lines: list items and headings of the features, home and pricing pages. */

const MAX_FEATURES = 40;
const NOT_A_FEATURE =
  /\?$|^(©|copyright|all rights reserved)|^(everything in|all .* features,? plus|plus:?$)|^(sign ?up|log ?in|sign ?in|get started|start (a |your )?free trial|try (it )?(for )?free|book a demo|request a demo|contact|learn more|read more|see (all|more)|view (all|more)|buy now|subscribe)\b/i;
const GENERIC_HEADING =
  /^(features?|pricing|plans?|faqs?|frequently asked questions|customers?|testimonials?|what (our )?customers say|trusted by\b.*|loved by\b.*|get started\b.*|ready to\b.*|start\b.*today|contact( us)?|blog|resources|company|product|solutions|about( us)?|why\b.*|how it works|integrations|documentation|docs|developers|support|legal|security|newsletter|join\b.*|the\b.*\bteam|our\b.*)$/i;

const HEADINGS_BY_KIND: Partial<Record<PageKind, string[]>> = { features: ['h2', 'h3', 'h4', 'dt'], home: ['h3', 'h4', 'dt'] };

export function extractFeatures(pages: readonly ReadPage[]): Feature[] {
  const ordered = [...pagesOfKind(pages, 'features'), ...pagesOfKind(pages, 'home'), ...pagesOfKind(pages, 'pricing')];
  const seen = new Set<string>();
  const features: Feature[] = [];
  for (const read of ordered) {
    const html = read.html;
    if (!html?.body) continue;
    // A pricing page's headings are plan names; only its lists say what the plans include.
    const headingLevels = HEADINGS_BY_KIND[read.page.kind] ?? [];
    for (const element of elementsUnder(html.body)) {
      const name = element.name?.toLowerCase() ?? '';
      const isItem = name === 'li' && isLeafItem(element);
      const isHeading = headingLevels.includes(name);
      if (!isItem && !isHeading) continue;
      const text = html.textOf(element).replace(/^[✓✔•·\-–—*+>]\s*/, '');
      if (!isFeatureLine(text, isHeading) || html.inChrome(element) || inNavigationList(html, element)) continue;
      const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      if (key === '' || seen.has(key)) continue;
      const evidence = evidenceOfPassage(read.page, text);
      if (!evidence) continue;
      seen.add(key);
      features.push({ text, evidence });
      if (features.length >= MAX_FEATURES) return features;
    }
  }
  return features;
}

function isFeatureLine(text: string, heading: boolean): boolean {
  if (text.length < 3 || text.length > 140) return false;
  const words = text.split(/\s+/).length;
  if (words > 18 || (words < 2 && text.length < 4)) return false;
  if (!/\p{L}{2,}/u.test(text) || NOT_A_FEATURE.test(text) || isContactLabel(text)) return false;
  if (heading && GENERIC_HEADING.test(text)) return false;
  return findPrices(text).length === 0;
}

/** A list item that holds no further list (the innermost level carries the words). */
function isLeafItem(item: DomNode): boolean {
  return !elementsUnder(item).some((element) => element.name === 'ul' || element.name === 'ol');
}

/** Menus and link lists: every item is just a link. */
function inNavigationList(html: HtmlDocument, element: DomNode): boolean {
  if (element.name !== 'li') return false;
  const list = closest(element.parent ?? element, ['ul', 'ol']);
  if (list && /menu|nav|breadcrumb|pagination|tabs|footer|sidebar|toc/.test(classAndId(list))) return true;
  const links = elementsUnder(element).filter((child) => child.name === 'a');
  return links.length === 1 && links[0] !== undefined && html.textOf(links[0]) === html.textOf(element);
}

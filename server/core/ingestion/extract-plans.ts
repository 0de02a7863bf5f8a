import type { Evidence, Page, Plan } from '../../contracts';
import { MAX_QUOTE, quoteAround } from './evidence';
import { classAndId, closest, elementsUnder, isInside, nodesUnder, type DomNode, type HtmlDocument } from './html-document';
import { findPrices, isContactLabel, isFreeLabel, isSideAmount, type PriceMention } from './price-text';

/**
 * Plans on a pricing page, from the page's structure rather than one layout:
 * find each price (or "Free", or "Custom / Contact sales" where a price would
 * stand), then the plan name that labels it: a heading of its card, the text
 * before it in its own line, or the column header of a pricing table.
 */

const MAX_PLANS = 12;
const MAX_CLIMB = 6;
const MAX_MARKER_TEXT = 200;
// Plans are few; a page with hundreds of prices is a catalogue or a rate card, and its first prices are the plans.
const MAX_MARKERS = 80;
const MAX_MARKER_CLIMB = 5;
const MARKER_HINT = /[\d$€£¥₹₩]|free|custom|contact|talk|quote|request|call/i;

const GENERIC_HEADING =
  /^(pricing|plans?|prices|our (plans|pricing)|(simple|transparent|flexible|straightforward|fair|clear|predictable)\b.*|choose\b.*|compare\b.*|pick\b.*|find\b.*|faqs?|frequently asked questions|features?|all plans\b.*|everything\b.*|plans? (and|&) pricing|pricing (plans|and plans|& plans)|get started|billing|price|cost|per month|plan|tier|add-?ons?|overview|details)$/i;
const CTA_OR_BADGE =
  /^(sign ?up|get started|start\b|buy\b|choose\b|select\b|subscribe|try\b|contact\b|book\b|learn more|most popular|popular|recommended|best value|new|save\b|talk to|request\b|upgrade\b|current plan)/i;
const PRICE_QUALIFIER = /^(from|starting (at|from)|starts at|only|just|now|was|per|billed|monthly|annually|yearly|price|cost|plans? starts? at|pay|for|at|then|and|or|[-–—:|•·/]+)$/i;
const HEADING_CLASS_TOKEN = /(name|title|heading|tier)$|^(plan|tier|edition|package)$/;
const NOT_HEADING_CLASS_TOKEN = /subtitle|price|amount|cost|badge|label|tag|ribbon|desc|summary|tagline|blurb|copy|detail|feature|note|text/;

type MarkerKind = 'price' | 'free' | 'contact';

interface Marker {
  node: DomNode;
  kind: MarkerKind;
  text: string;
  mention: PriceMention | null;
}

interface Named {
  name: string;
  /** The element whose text holds the plan: its card, row or line. */
  container: DomNode;
}

interface Candidate {
  name: string;
  plan: Plan;
}

export function extractPlans(doc: HtmlDocument, page: Page, options: { contactPlans: boolean }): Plan[] {
  if (!doc.body) return [];
  const order = new Map<DomNode, number>();
  const elements = elementsUnder(doc.body);
  elements.forEach((element, index) => order.set(element, index));
  const markers = findMarkers(doc, doc.body, options.contactPlans, order);
  const named = markers.map((marker) => ({ marker, named: nameOf(doc, marker, markers, order) }));
  const namesWithin = new Map<DomNode, Set<string>>();
  for (const { marker, named: own } of named) {
    if (!own) continue;
    for (let node: DomNode | null = marker.node; node; node = node.parent) {
      const names = namesWithin.get(node) ?? new Set<string>();
      names.add(own.name);
      namesWithin.set(node, names);
    }
  }
  const candidates: Candidate[] = [];
  for (const { marker, named: own } of named) {
    if (!own) continue;
    // A container that also holds another plan's price is a list or a row, not this plan's card.
    const shared = (namesWithin.get(own.container)?.size ?? 0) > 1;
    const plan = planOf(doc, page, marker, own, shared);
    if (plan) candidates.push({ name: own.name, plan });
  }
  return choosePerName(candidates).slice(0, MAX_PLANS);
}

/**
 * The innermost elements holding a price, "Free" or "Custom / Contact sales".
 * Found from the text nodes that could hold one, climbing a few levels, so a
 * large page costs its candidate words rather than all its elements.
 */
function findMarkers(doc: HtmlDocument, body: DomNode, contactPlans: boolean, order: Map<DomNode, number>): Marker[] {
  const found = new Set<DomNode>();
  for (const textNode of nodesUnder(body).filter((node) => node.type === 'text')) {
    if (!MARKER_HINT.test(textNode.data ?? '')) continue;
    for (let element = textNode.parent, level = 0; element && level < MAX_MARKER_CLIMB; element = element.parent, level++) {
      const text = doc.textOf(element);
      if (text.length > MAX_MARKER_TEXT) break;
      if (markerKind(text, contactPlans)) {
        found.add(element);
        break;
      }
    }
  }
  const markers: Marker[] = [];
  for (const element of [...found].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))) {
    const text = doc.textOf(element);
    const kind = markerKind(text, contactPlans);
    if (!kind) continue;
    const children = (element.children ?? []).filter((child) => child.name !== undefined);
    if (children.some((child) => markerKind(doc.textOf(child), contactPlans) === kind)) continue;
    if (doc.inChrome(element) || inAside(element)) continue;
    const mention = kind === 'price' ? (planPrices(text)[0] ?? null) : null;
    markers.push({ node: element, kind, text, mention });
    if (markers.length >= MAX_MARKERS) break;
  }
  return markers;
}

function markerKind(text: string, contactPlans: boolean): MarkerKind | null {
  if (text === '' || text.length > MAX_MARKER_TEXT) return null;
  if (planPrices(text).length > 0) return 'price';
  if (isFreeLabel(text)) return 'free';
  if (contactPlans && isContactLabel(text)) return 'contact';
  return null;
}

function planPrices(text: string): PriceMention[] {
  return findPrices(text).filter((mention) => !isSideAmount(text, mention) && mention.amount < 1_000_000);
}

/** FAQ answers and footnotes mention prices that are not plans. */
function inAside(node: DomNode): boolean {
  for (let current: DomNode | null = node; current; current = current.parent) {
    if (current.name === 'details' || current.name === 'blockquote') return true;
    if (/faq|footnote|testimonial|disclaimer/.test(classAndId(current))) return true;
  }
  return false;
}

function nameOf(doc: HtmlDocument, marker: Marker, markers: Marker[], order: Map<DomNode, number>): Named | null {
  const cell = closest(marker.node, ['td', 'th']);
  if (cell) {
    const fromTable = tableName(doc, cell, marker);
    if (fromTable) return fromTable;
  }
  if (marker.kind === 'free' && isHeadingish(doc, marker.node)) {
    return { name: marker.text, container: marker.node.parent ?? marker.node };
  }
  const own = nameWithin(doc, marker);
  if (own) return { name: own, container: marker.node };
  let level = 0;
  for (let ancestor = marker.node.parent; ancestor && level < MAX_CLIMB && ancestor !== doc.body; level++, ancestor = ancestor.parent) {
    const scope = ancestor;
    const headings = elementsUnder(scope).filter((element) => !isInside(element, marker.node) && element !== marker.node && isHeadingish(doc, element));
    const before = headings.filter((heading) => (order.get(heading) ?? 0) < (order.get(marker.node) ?? 0));
    const last = before[before.length - 1];
    if (last) return { name: doc.textOf(last), container: scope };
    const inside = markers.filter((other) => other.node === scope || isInside(other.node, scope));
    const first = headings[0];
    if (first && inside.length === 1) return { name: doc.textOf(first), container: scope };
  }
  return null;
}

/** "Pro — $29/mo" in one line, or a heading inside the price's own element. */
function nameWithin(doc: HtmlDocument, marker: Marker): string | null {
  const priceAt = marker.mention?.index ?? 0;
  for (const element of elementsUnder(marker.node)) {
    if (!isHeadingish(doc, element)) continue;
    const at = marker.text.indexOf(doc.textOf(element));
    if (at >= 0 && at < priceAt) return doc.textOf(element);
  }
  if (marker.kind !== 'price' || !marker.mention) return null;
  const lead = marker.text.slice(0, marker.mention.index);
  const before = lead.replace(/[\s\-–—:|•·(]+$/, '').trim();
  const words = before.split(/\s+/);
  if (before === '' || PRICE_QUALIFIER.test(before)) return null;
  // "Starter — $9/mo" or "Pro $29" name a plan; "Our Pro plan costs $29" is a sentence.
  if (words.length > 3 && !/[-–—:|•·]\s*$/.test(lead)) return null;
  const trailing = words.slice(-1)[0] ?? '';
  const name = PRICE_QUALIFIER.test(trailing) ? words.slice(0, -1).join(' ').replace(/[\s\-–—:|•·(]+$/, '') : before;
  return isPlanName(name) ? name : null;
}

function tableName(doc: HtmlDocument, cell: DomNode, marker: Marker): Named | null {
  const row = closest(cell, ['tr']);
  const table = row ? closest(row, ['table']) : null;
  if (!row || !table) return null;
  const rows = elementsUnder(table).filter((element) => element.name === 'tr' && closest(element.parent ?? element, ['table']) === table);
  const header = rows[0];
  const column = columnOf(row, cell);
  if (header && header !== row && column !== null) {
    const headerCell = cellAt(header, column);
    const label = headerCell ? doc.textOf(headerCell) : '';
    if (isPlanName(label)) return { name: label, container: row };
  }
  const first = cellsOf(row)[0];
  if (first && first !== cell && !isInside(marker.node, first)) {
    const label = doc.textOf(first);
    if (isPlanName(label)) return { name: label, container: row };
  }
  return null;
}

function cellsOf(row: DomNode): DomNode[] {
  return (row.children ?? []).filter((child) => child.name === 'td' || child.name === 'th');
}

function columnOf(row: DomNode, cell: DomNode): number | null {
  let column = 0;
  for (const candidate of cellsOf(row)) {
    if (candidate === cell) return column;
    column += span(candidate);
  }
  return null;
}

function cellAt(row: DomNode, column: number): DomNode | null {
  let at = 0;
  for (const candidate of cellsOf(row)) {
    const width = span(candidate);
    if (column >= at && column < at + width) return candidate;
    at += width;
  }
  return null;
}

function span(cell: DomNode): number {
  const value = Number(cell.attribs?.colspan ?? '1');
  return Number.isInteger(value) && value > 0 ? value : 1;
}

function isHeadingish(doc: HtmlDocument, element: DomNode): boolean {
  const name = element.name?.toLowerCase() ?? '';
  const text = doc.textOf(element);
  if (!isPlanName(text)) return false;
  if (/^h[2-6]$/.test(name) || name === 'dt' || name === 'legend' || name === 'caption') return true;
  const tokens = classAndId(element).split(/\s+/).filter(Boolean);
  if (tokens.some((token) => HEADING_CLASS_TOKEN.test(token)) && !tokens.some((token) => NOT_HEADING_CLASS_TOKEN.test(token))) return true;
  if ((name === 'strong' || name === 'b') && element.parent && doc.textOf(element.parent) === text) return true;
  return false;
}

function isPlanName(text: string): boolean {
  if (text.length === 0 || text.length > 40) return false;
  if (text.split(/\s+/).length > 5) return false;
  if (!/\p{L}/u.test(text) || /\?$/.test(text)) return false;
  if (GENERIC_HEADING.test(text) || CTA_OR_BADGE.test(text) || isContactLabel(text)) return false;
  return findPrices(text).length === 0 && !/^\d/.test(text);
}

function planOf(doc: HtmlDocument, page: Page, marker: Marker, named: Named, shared: boolean): Plan | null {
  const containerText = doc.textOf(named.container);
  const evidence = planEvidence(page, containerText, named.name, marker.text, shared);
  if (!evidence) return null;
  const base = { name: named.name, evidence };
  if (marker.kind === 'contact') {
    return { ...base, price: null, currency: null, period: 'unknown', is_free: false, contact_sales: true };
  }
  if (marker.kind === 'free' || !marker.mention) {
    return { ...base, price: 0, currency: null, period: 'unknown', is_free: true, contact_sales: false };
  }
  const mention = marker.mention;
  let period = mention.period;
  if (period === 'unknown') period = periodFromContainer(containerText, marker.text, mention);
  return {
    ...base,
    price: mention.amount,
    currency: mention.currency,
    period,
    is_free: mention.amount === 0,
    contact_sales: false,
  };
}

/** The period may sit in a sibling ("$29" then "per month"), or the plan may say it is usage-based. */
function periodFromContainer(containerText: string, markerText: string, mention: PriceMention): Plan['period'] {
  const at = containerText.indexOf(markerText);
  if (at >= 0) {
    const priced = findPrices(containerText).find((other) => other.index === at + mention.index);
    if (priced && priced.period !== 'unknown') return priced.period;
  }
  if (/pay[- ]as[- ]you[- ]go|usage[- ]based|metered|per (1,000|1k|thousand|10,000|100,000)\b/i.test(containerText)) return 'usage';
  return 'unknown';
}

/**
 * The plan's own card when it is short; when the container holds other plans
 * too (a flat list, a table row), just the words from the name to the price.
 */
function planEvidence(page: Page, containerText: string, name: string, markerText: string, shared: boolean): Evidence | null {
  const at = page.text.indexOf(containerText);
  if (at < 0) return null;
  const priceAt = containerText.indexOf(markerText);
  const nameAt = containerText.lastIndexOf(name, priceAt < 0 ? undefined : priceAt);
  const start = nameAt >= 0 && (priceAt < 0 || nameAt <= priceAt) ? nameAt : Math.max(0, priceAt);
  const end = Math.max(start + name.length, priceAt >= 0 ? priceAt + markerText.length : 0);
  let quote: string;
  if (!shared && containerText.length <= MAX_QUOTE) quote = containerText;
  else if (shared && end - start <= MAX_QUOTE) quote = containerText.slice(start, end).trim();
  else quote = quoteAround(page.text, at + start, at + end);
  return { source_url: page.final_url, quote };
}

/** One plan per name; a monthly price is preferred to a yearly one shown beside it. */
function choosePerName(candidates: Candidate[]): Plan[] {
  const byName = new Map<string, Plan>();
  for (const { name, plan } of candidates) {
    const key = name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    const existing = byName.get(key);
    if (!existing || rank(plan) > rank(existing)) byName.set(key, plan);
  }
  return [...byName.values()];
}

function rank(plan: Plan): number {
  if (plan.contact_sales) return 0;
  if (plan.price === null) return 0;
  if (plan.is_free && plan.currency === null) return 1;
  return plan.period === 'month' ? 3 : 2;
}

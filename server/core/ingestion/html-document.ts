import { load } from 'cheerio/slim';
import { isNavigableHref, type PageLink } from './link-kinds';
import { parseWebUrl } from './site-scope';

/**
 * A parsed HTML page and its visible text. Every element's text comes from
 * the same walk as the page's text, so an element's text is always a
 * substring of the page's text: that is what makes quotes verifiable.
 */

/** The shape of a parsed node this module relies on (cheerio's nodes have it). */
export interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent: DomNode | null;
}

export const MAX_PAGE_TEXT = 20_000;
/** Nesting read below an element; deeper content (broken markup of thousands of unclosed tags) is left out. */
export const MAX_TEXT_DEPTH = 500;

const NOT_SHOWN = new Set([
  'script', 'style', 'noscript', 'svg', 'template', 'head', 'title', 'meta', 'link', 'iframe', 'object', 'embed',
  'canvas', 'select', 'datalist', 'math', 'audio', 'video', 'map',
]);
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small',
  'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'font', 'del', 'ins', 'label', 'img', 'tt', 'big', 'nobr',
]);
const SECTIONING = new Set(['main', 'article', 'section', 'aside']);
const CHROME_CLASSES = new Set([
  'navbar', 'nav', 'menu', 'site-header', 'site-footer', 'footer', 'header', 'topbar', 'top-bar', 'navigation',
  'main-nav', 'global-nav', 'cookie-banner', 'cookie-consent', 'announcement-bar',
]);

export interface HtmlDocument {
  /** The body element (or the document when there is none). */
  body: DomNode | null;
  title: string;
  description: string;
  /** Visible text, whitespace collapsed, at most MAX_PAGE_TEXT characters. */
  text: string;
  /** Every http(s) link, absolute, with its visible text (or label). */
  links: PageLink[];
  hasJsonLd: boolean;
  /** Visible text of one element, the same way the page's text is made. */
  textOf(node: DomNode): string;
  /** The element sits in the site's navigation, header or footer rather than the page's content. */
  inChrome(node: DomNode): boolean;
}

export function parseHtml(html: string, pageUrl: string): HtmlDocument {
  const $ = load(html);
  const memo = new WeakMap<DomNode, string>();
  const textOf = (node: DomNode): string => {
    const known = memo.get(node);
    if (known !== undefined) return known;
    const parts: string[] = [];
    collectText(node, parts);
    const text = collapse(parts.join(''));
    memo.set(node, text);
    return text;
  };
  const root: DomNode | undefined = $.root().get(0);
  const everything = root ? nodesUnder(root, { intoHidden: true }) : [];
  const elements = everything.filter((node) => node.name !== undefined);
  const named = (name: string) => elements.filter((element) => element.name?.toLowerCase() === name);
  const body = named('body')[0] ?? root;
  const text = body ? capText(textOf(body)) : '';
  const baseHref = named('base').find((element) => element.attribs?.href)?.attribs?.href ?? '';
  const base = parseWebUrl(baseHref, pageUrl) ?? parseWebUrl(pageUrl);
  const links: PageLink[] = [];
  for (const element of elements) {
    const tag = element.name?.toLowerCase();
    const href = element.attribs?.href;
    if ((tag !== 'a' && tag !== 'area') || href === undefined || !base || !isNavigableHref(href)) continue;
    const url = parseWebUrl(href, base);
    if (!url) continue;
    const image = elementsUnder(element).find((child) => child.name === 'img' && child.attribs?.alt);
    const label = textOf(element) || element.attribs?.['aria-label'] || element.attribs?.title || image?.attribs?.alt || '';
    links.push({ url: url.href, text: collapse(label) });
  }
  const meta = (attribute: 'name' | 'property', value: string) =>
    named('meta').find((element) => element.attribs?.[attribute]?.toLowerCase() === value)?.attribs?.content ?? '';
  const firstH1 = named('h1')[0];
  const title = collapse(rawText(named('title')[0])) || collapse(meta('property', 'og:title')) || (firstH1 ? textOf(firstH1) : '');
  const description = collapse(meta('name', 'description') || meta('property', 'og:description'));
  const hasJsonLd = named('script').some(
    (script) => script.attribs?.type?.trim().toLowerCase() === 'application/ld+json' && rawText(script).trim().length > 2,
  );
  return { body: body ?? null, title, description, text, links, hasJsonLd, textOf, inChrome };
}

/** The text nodes under a node as written (for <title> and <script>, which show no visible text). */
function rawText(node: DomNode | undefined): string {
  return node ? nodesUnder(node, { intoHidden: true }).map((child) => (child.type === 'text' ? (child.data ?? '') : '')).join('') : '';
}

function collectText(node: DomNode, out: string[], depth = 0): void {
  if (depth > MAX_TEXT_DEPTH) return;
  if (node.type === 'text') {
    out.push(node.data ?? '');
    return;
  }
  if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') return;
  const name = node.name?.toLowerCase();
  if (name !== undefined) {
    if (NOT_SHOWN.has(name) || isHidden(node)) return;
    if (name === 'input') {
      const type = node.attribs?.type?.toLowerCase();
      if (type === 'submit' || type === 'button') out.push(' ', node.attribs?.value ?? '', ' ');
      return;
    }
    if (name === 'br' || name === 'hr') {
      out.push(' ');
      return;
    }
  }
  const block = name !== undefined && !INLINE.has(name);
  if (block) out.push(' ');
  let previous: DomNode | null = null;
  for (const child of node.children ?? []) {
    const start = out.length;
    collectText(child, out, depth + 1);
    // Minified markup puts links side by side (<a>Docs</a><a>Pricing</a>) and CSS spaces
    // them on screen: they are two words. "$" then "15" in two spans stays one price.
    if (previous?.name !== undefined && child.name !== undefined && start < out.length && wordsWouldFuse(out, start)) {
      out[start] = ` ${out[start] ?? ''}`;
    }
    if (child.type !== 'comment') previous = child;
  }
  if (block) out.push(' ');
}

function wordsWouldFuse(out: readonly string[], start: number): boolean {
  let left = '';
  for (let index = start - 1; index >= 0 && left === ''; index--) left = (out[index] ?? '').slice(-1);
  let right = '';
  for (let index = start; index < out.length && right === ''; index++) right = (out[index] ?? '').charAt(0);
  if (left === '' || right === '' || /\s/.test(left) || /\s/.test(right)) return false;
  if (/[.,;:!?)\]%/]/.test(right) || /[(\[$€£¥₹₩/]/.test(left)) return false;
  return !(/\d/.test(left) && /\d/.test(right));
}

function isHidden(node: DomNode): boolean {
  const attribs = node.attribs ?? {};
  if ('hidden' in attribs) return true;
  if (attribs.type?.toLowerCase() === 'hidden') return true;
  return /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attribs.style ?? '');
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts text to MAX_PAGE_TEXT characters, at a space when one is near. */
export function capText(text: string): string {
  if (text.length <= MAX_PAGE_TEXT) return text;
  const cut = text.lastIndexOf(' ', MAX_PAGE_TEXT);
  return text.slice(0, cut > MAX_PAGE_TEXT - 200 ? cut : MAX_PAGE_TEXT);
}

/** Elements under a node, in document order (walked without recursion: markup can nest very deep). */
export function elementsUnder(node: DomNode): DomNode[] {
  return nodesUnder(node).filter((found) => found.name !== undefined);
}

/** Every node under a node, in document order; what is never shown (scripts, styles, head) is not entered unless asked. */
export function nodesUnder(node: DomNode, options: { intoHidden?: boolean } = {}): DomNode[] {
  const out: DomNode[] = [];
  const stack = [...(node.children ?? [])].reverse();
  for (let current = stack.pop(); current; current = stack.pop()) {
    out.push(current);
    if (!options.intoHidden && current.name !== undefined && NOT_SHOWN.has(current.name.toLowerCase())) continue;
    const children = current.children ?? [];
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child) stack.push(child);
    }
  }
  return out;
}

export function isInside(node: DomNode, ancestor: DomNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

export function closest(node: DomNode, names: readonly string[]): DomNode | null {
  for (let current: DomNode | null = node; current; current = current.parent) {
    if (current.name && names.includes(current.name.toLowerCase())) return current;
  }
  return null;
}

export function classAndId(node: DomNode): string {
  return `${node.attribs?.class ?? ''} ${node.attribs?.id ?? ''}`.toLowerCase();
}

function inChrome(node: DomNode): boolean {
  for (let current: DomNode | null = node; current; current = current.parent) {
    const name = current.name?.toLowerCase();
    if (!name) continue;
    const role = current.attribs?.role?.toLowerCase();
    if (name === 'nav' || role === 'navigation' || role === 'banner' || role === 'contentinfo') return true;
    const classes = classAndId(current).split(/\s+/);
    if ((name === 'header' || name === 'footer' || classes.some((token) => CHROME_CLASSES.has(token))) && !insideSectioning(current)) {
      return true;
    }
  }
  return false;
}

/** A header or footer inside an article or section belongs to it, not to the site. */
function insideSectioning(node: DomNode): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.name && SECTIONING.has(current.name.toLowerCase())) return true;
  }
  return false;
}

import { cleanPageUrl, isSameSite, pageKey, parseWebUrl } from './site-scope';

/** Which linked pages are worth reading, judged by their URL path and link text. */

export const WANTED_KINDS = ['pricing', 'docs', 'api', 'signup', 'features'] as const;
export type WantedKind = (typeof WANTED_KINDS)[number];

export interface PageLink {
  url: string;
  text: string;
}

export interface CandidatePage {
  url: string;
  key: string;
  kind: WantedKind;
  /** Higher is read first. */
  score: number;
  text: string;
}

/** The usual places of each kind of page, tried when the site links none. */
export const PROBE_PATHS: Record<WantedKind, readonly string[]> = {
  pricing: ['/pricing', '/plans'],
  docs: ['/docs', '/documentation', '/developers'],
  api: ['/api-reference', '/api', '/docs/api', '/reference'],
  signup: ['/signup', '/register', '/sign-up'],
  features: ['/features', '/product'],
};

const ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|map|pdf|zip|gz|tgz|dmg|exe|msi|mp4|webm|mov|mp3|wav|woff2?|ttf|otf|eot|xml|json|ya?ml|txt|csv|rss|atom)$/i;
const NOT_A_PRODUCT_PAGE =
  /(^|\/)(log-?in|sign-?in|log-?out|sign-?out|sso|blog|news|press|careers|jobs|legal|privacy|terms|cookies?|status|changelog|release-notes|community|forum|events?|webinars?|podcasts?|customers|case-studies|about|team|contact|support|cdn-cgi)(\/|$)/;
const SALES_CTA = /demo|contact|sales|quote|talk|call|meeting|book/;

const PATHS: [WantedKind, RegExp][] = [
  ['api', /(^|\/)(apis?|api-reference|api-docs|api-ref|reference|rest-api|openapi|graphql)(\/|$)/],
  ['docs', /(^|\/)(docs?|documentation|developers?|dev|devs|guides?|quick-?start|getting-started|tutorials?|sdks?|libraries|handbook|manual)(\/|$)/],
  ['pricing', /(^|\/)(pricing|plans|prices?|plans-and-pricing|pricing-plans|compare-plans|buy)(\/|$)/],
  ['signup', /(^|\/)(sign-?up|register|registration|join|create-account|get-started|start|trial|free-trial|try|onboarding)(\/|$)|(^|\/)(users|accounts?)\/new(\/|$)/],
  ['features', /(^|\/)(features?|products?|platform|capabilities|how-it-works|why-[a-z0-9-]+|solutions?)(\/|$)/],
];

const TEXTS: [WantedKind, RegExp][] = [
  ['api', /\bapi (reference|docs|documentation)\b|^(the )?(rest |http )?apis?$|\bapi ref\b/],
  ['docs', /\b(docs|documentation|developers?|quick ?start|getting started|guides?|tutorials?|sdks?)\b/],
  ['pricing', /\b(pricing|plans|prices)\b/],
  ['signup', /\b(sign ?up|create (an |your )?(free )?account|register|get started|start (a |your )?(free )?trial|try (it |us )?(for )?free|start (for )?free|join (now|free|for free))\b/],
  ['features', /\b(features|product|platform|capabilities|how it works)\b/],
];

const DOCS_SUBPAGE = /quick-?start|getting-started|get-started|reference|authentication|auth\b|sdks?|libraries|send|first|overview|introduction|api/;

/** The kind of a same-site link, or null when it is not a page this ingestion reads. */
export function classifyLink(url: URL, text: string): { kind: WantedKind; score: number } | null {
  const path = decodePath(url.pathname).toLowerCase();
  if (ASSET.test(path) || NOT_A_PRODUCT_PAGE.test(path)) return null;
  if (/^api\./i.test(url.hostname)) return null; // the API itself, not pages about it
  const label = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const host = url.hostname.toLowerCase();
  const byHost: WantedKind | null = /^(docs|developers?|dev|devdocs)\./.test(host) ? 'docs' : null;
  const byPath = PATHS.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
  const byText = TEXTS.find(([, pattern]) => pattern.test(label))?.[0] ?? null;
  let kind = byPath ?? byHost ?? byText;
  // "API reference" under /docs/ is the reference, not the docs home.
  if (kind === 'docs' && byText === 'api') kind = 'api';
  if (!kind) return null;
  if (kind === 'signup' && (SALES_CTA.test(path) || SALES_CTA.test(label))) return null;
  let score = (byPath === kind ? 2 : 0) + (byText === kind ? 1 : 0) + (byHost === kind ? 1 : 0);
  if ((kind === 'docs' || kind === 'api') && DOCS_SUBPAGE.test(`${path} ${label}`)) score += 1;
  return { kind, score };
}

/** Same-site links of a page, classified, one per page, best first. */
export function candidatePages(links: readonly PageLink[], site: URL): CandidatePage[] {
  const byKey = new Map<string, CandidatePage>();
  for (const link of links) {
    const url = parseWebUrl(link.url);
    if (!url || !isSameSite(url, site)) continue;
    const classified = classifyLink(url, link.text);
    if (!classified) continue;
    const key = pageKey(url);
    const existing = byKey.get(key);
    if (!existing || existing.score < classified.score) {
      byKey.set(key, { url: cleanPageUrl(url), key, kind: classified.kind, score: classified.score, text: link.text });
    }
  }
  return [...byKey.values()].sort((a, b) => b.score - a.score);
}

/** Whether a link is a page (not a mail, phone, script or same-page anchor link). */
export function isNavigableHref(href: string): boolean {
  const trimmed = href.trim();
  return trimmed !== '' && !trimmed.startsWith('#') && !/^(mailto|tel|javascript|data|sms|fax|callto|skype):/i.test(trimmed);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

import type { ApiInfo, Evidence } from '../../contracts';
import { uniqueEvidence } from './evidence';
import { installLanguages, languageOf } from './extract-documentation';
import { classifyLink } from './link-kinds';
import { evidenceIn, firstEvidence } from './passages';
import { pagesOfKind, type ReadPage } from './read-page';
import { parseWebUrl } from './site-scope';

const API_MENTION =
  /\b(REST(ful)? API|HTTP API|GraphQL API|JSON API|public API|our API|the API|an API|API keys?|API reference|API endpoints?|API docs|API documentation|API access|Web API)\b/i;
const AUTH_METHODS: [string, RegExp][] = [
  ['api_key', /\bapi[ _-]?keys?\b|\bx-api-key\b|\bapi[_-]token\b/i],
  ['bearer_token', /\bbearer\b/i],
  ['oauth', /\boauth\s?(2(\.0)?)?\b/i],
  ['basic', /\bbasic auth(entication)?\b|\bhttp basic\b|\bAuthorization: Basic\b|\bcurl\b.{0,80}?\s-u\s?["']?[^\s:"']+:/i],
];
const SDK_LANGUAGE = 'Node(?:\\.js)?|JavaScript|TypeScript|Python|Ruby|Go|Golang|PHP|Java|Kotlin|Swift|\\.NET|C#|Rust|Elixir';
const NAMED_SDK = new RegExp(`(?<![\\w.])(${SDK_LANGUAGE})\\s+(SDK|library|client library|client|package|gem|module)s?\\b`, 'gi');
const SDK_LIST = new RegExp(
  `\\b(?:SDKs?|client libraries|libraries|official libraries)\\s+(?:for|in|available (?:for|in))\\s+((?:(?:${SDK_LANGUAGE})(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+|\\s*&\\s*|\\s+or\\s+)?)+)`,
  'gi',
);
const SDK_EVIDENCE = new RegExp(`\\b(npm (install|i)|yarn add|pnpm add|pip3? install|gem install|go get|composer require|dotnet add package|cargo add)\\b|${NAMED_SDK.source}|${SDK_LIST.source}`, 'i');
const BASE_URL_LABELLED = /\bbase (url|uri|endpoint)\b[:\s]+(https?:\/\/[^\s"'<>]+)/i;
const BASE_URL = /https?:\/\/(?:api\.[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?(?:\/v\d+(?:\.\d+)?)?|[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?\/api\/v\d+(?:\.\d+)?)/i;
const RATE_LIMITS = /\brate[ -]?limit(s|ed|ing)?\b|\brequests per (second|minute|hour)\b|\btoo many requests\b|\bHTTP 429\b|\b429\b|\bthrottl(e|ed|ing)\b/i;
const WEBHOOKS = /\bweb ?hooks?\b/i;
const SANDBOX = /\bsandbox\b|\btest mode\b|\btest (api )?keys?\b|\btest(ing)? environment\b|\bstaging environment\b|\bdry[- ]run\b/i;
const OPENAPI_HREF = /(openapi|swagger)[^/]*\.(json|ya?ml)$|\/(openapi|swagger)(\.json|\.ya?ml)?\/?$|swagger-ui|\/api-docs\.json$/i;
const OPENAPI_TEXT = /\b(openapi|swagger)\b/i;

/** API facts from the docs and API pages (and mentions on the product pages). */
export function extractApi(pages: readonly ReadPage[]): ApiInfo {
  const technical = pagesOfKind(pages, 'api', 'docs');
  const product = pagesOfKind(pages, 'home', 'features', 'pricing');
  const everywhere = [...technical, ...product];
  const apiPage = pagesOfKind(pages, 'api')[0];
  const referenceLink = apiPage ? null : findLink(pages, (url, text) => classifyLink(url, text)?.kind === 'api');
  const openapi = findLink(pages, (url, text) => OPENAPI_HREF.test(url.pathname) || OPENAPI_TEXT.test(text));
  const mention = firstEvidence(everywhere, API_MENTION);
  const hasApi = apiPage !== undefined || referenceLink !== null || mention !== null;

  const auth: { method: string; evidence: Evidence }[] = [];
  for (const [method, pattern] of AUTH_METHODS) {
    const evidence = firstEvidence(technical, pattern);
    if (evidence) auth.push({ method, evidence });
  }
  const sdks = sdkLanguages(everywhere);
  const sdkEvidence = sdks.length > 0 ? firstEvidence(everywhere, SDK_EVIDENCE) : null;
  const base = baseUrl(technical);
  const rateLimits = firstEvidence(technical, RATE_LIMITS);
  const webhooks = firstEvidence(everywhere, WEBHOOKS);
  const sandbox = firstEvidence(everywhere, SANDBOX);
  return {
    has_api: hasApi,
    reference_url: apiPage?.page.final_url ?? referenceLink?.url ?? null,
    openapi_url: openapi?.url ?? null,
    auth_methods: auth.map((entry) => entry.method),
    sdks,
    base_url: base?.url ?? null,
    rate_limits_documented: rateLimits !== null,
    webhooks: webhooks !== null,
    sandbox: sandbox !== null,
    evidence: uniqueEvidence(
      [mention, openapi?.evidence ?? null, ...auth.map((entry) => entry.evidence), sdkEvidence, base?.evidence ?? null, rateLimits, webhooks, sandbox] satisfies (Evidence | null)[],
      12,
    ),
  };
}

interface FoundLink {
  url: string;
  evidence: Evidence | null;
}

function findLink(pages: readonly ReadPage[], matches: (url: URL, text: string) => boolean): FoundLink | null {
  for (const read of pages) {
    for (const link of read.html?.links ?? []) {
      const url = parseWebUrl(link.url);
      if (!url || !matches(url, link.text)) continue;
      const evidence = link.text && read.page.text.includes(link.text) ? { source_url: read.page.final_url, quote: link.text.slice(0, 300) } : null;
      return { url: link.url, evidence };
    }
  }
  return null;
}

/** Languages with an SDK: install commands, "Python SDK", "SDKs for Node.js, Python and Go". */
export function sdkLanguagesIn(text: string): string[] {
  const found = new Set<string>(installLanguages(text).filter((language) => language !== 'curl'));
  for (const match of text.matchAll(NAMED_SDK)) {
    const language = languageOf(normalizeSdkName(match[1] ?? ''));
    if (language) found.add(language);
  }
  for (const match of text.matchAll(SDK_LIST)) {
    for (const name of (match[1] ?? '').split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+or\s+/)) {
      const language = languageOf(normalizeSdkName(name));
      if (language) found.add(language);
    }
  }
  return [...found];
}

function sdkLanguages(pages: readonly ReadPage[]): string[] {
  const found = new Set<string>();
  for (const read of pages) for (const language of sdkLanguagesIn(read.page.text)) found.add(language);
  return [...found].sort();
}

function normalizeSdkName(name: string): string {
  return name.trim().toLowerCase().replace(/^golang$/, 'go');
}

function baseUrl(pages: readonly ReadPage[]): { url: string; evidence: Evidence } | null {
  for (const pattern of [BASE_URL_LABELLED, BASE_URL]) {
    for (const read of pages) {
      const match = pattern.exec(read.page.text);
      if (!match) continue;
      const raw = (pattern === BASE_URL_LABELLED ? match[2] : match[0]) ?? '';
      const url = raw.replace(/[.,;:)\]}]+$/, '').replace(/\/+$/, '');
      const evidence = evidenceIn(read, pattern, { includeChrome: true });
      if (!parseWebUrl(url) || !evidence) continue;
      return { url, evidence };
    }
  }
  return null;
}

import type { Documentation, Evidence } from '../../contracts';
import { evidenceOfPassage, uniqueEvidence } from './evidence';
import { classAndId, elementsUnder } from './html-document';
import { classifyLink } from './link-kinds';
import { firstEvidence } from './passages';
import { pagesOfKind, type ReadPage } from './read-page';
import { parseWebUrl } from './site-scope';

const QUICKSTART = /\b(quick ?start|getting started|get started (in|with)|your first (email|request|api call|message|call|integration)|hello,? world|in (5|five|10|ten) minutes|step 1\b)/i;
const API_REFERENCE = /\bapi reference\b|\b(GET|POST|PUT|PATCH|DELETE) \/[\w{}:./-]+/;
const SEARCH_TEXT = /\bsearch (the )?(docs|documentation|guides)\b/i;
const MIN_CODE = 12;

const LANGUAGE_ALIASES: Record<string, string> = {
  js: 'javascript', javascript: 'javascript', node: 'javascript', nodejs: 'javascript', 'node.js': 'javascript', jsx: 'javascript',
  ts: 'typescript', typescript: 'typescript', tsx: 'typescript',
  py: 'python', python: 'python', python3: 'python',
  rb: 'ruby', ruby: 'ruby',
  go: 'go', golang: 'go',
  php: 'php',
  java: 'java',
  kotlin: 'kotlin', kt: 'kotlin',
  swift: 'swift',
  cs: 'csharp', csharp: 'csharp', 'c#': 'csharp', dotnet: 'csharp', '.net': 'csharp',
  rust: 'rust', rs: 'rust',
  elixir: 'elixir', ex: 'elixir',
  sh: 'shell', bash: 'shell', shell: 'shell', zsh: 'shell', console: 'shell', terminal: 'shell',
  curl: 'curl', 'c url': 'curl',
};
const INSTALL_COMMANDS: [RegExp, string][] = [
  [/\b(npm (install|i)|yarn add|pnpm add|bun add) [@\w]/, 'javascript'],
  [/\b(pip3? install|poetry add|uv add) \w/, 'python'],
  [/\b(gem install|bundle add) \w/, 'ruby'],
  [/\bgo (get|install) [\w.]+\//, 'go'],
  [/\bcomposer require \w/, 'php'],
  [/\b(dotnet add package|Install-Package) \w/, 'csharp'],
  [/\bcargo add \w/, 'rust'],
  [/<artifactId>|\bimplementation ['"][\w.-]+:[\w.-]+/, 'java'],
  [/\bcurl\s.{0,200}?https?:\/\//, 'curl'],
];

export function languageOf(label: string): string | null {
  return LANGUAGE_ALIASES[label.trim().toLowerCase()] ?? null;
}

export function installLanguages(text: string): string[] {
  return INSTALL_COMMANDS.filter(([pattern]) => pattern.test(text)).map(([, language]) => language);
}

/** Documentation from the docs and API pages read, and from links that point to docs. */
export function extractDocumentation(pages: readonly ReadPage[]): Documentation {
  const docs = pagesOfKind(pages, 'docs', 'api');
  const docsLink = docs.length === 0 ? firstDocsLink(pages) : null;
  const found = docs.length > 0 || docsLink !== null;
  const quickstart = docs.find((read) => QUICKSTART.test((parseWebUrl(read.page.final_url)?.pathname ?? '').replace(/[-_/]/g, ' ')));
  const quickstartEvidence = firstEvidence(quickstart ? [quickstart, ...docs] : docs, QUICKSTART);
  const code = codeSamples(docs);
  const apiPage = pagesOfKind(pages, 'api')[0];
  const apiReferenceEvidence = apiPage ? titleEvidence(apiPage) : (firstEvidence(docs, API_REFERENCE) ?? apiReferenceLink(pages));
  const hasSearch = docs.some(hasSearchBox);
  const searchEvidence = hasSearch ? firstEvidence(docs, SEARCH_TEXT, { includeChrome: true }) : null;
  const home = docsHome(docs);
  const foundEvidence = home ? titleEvidence(home) : (docsLink?.evidence ?? null);
  const hasQuickstart = quickstartEvidence !== null;
  const hasApiReference = apiReferenceEvidence !== null;
  const qualityScore = found
    ? 25 + (hasQuickstart ? 20 : 0) + (code.samples ? 20 : 0) + (hasApiReference ? 20 : 0) + Math.min(docs.length, PAGES_FOR_DEPTH) * 5
    : 0;
  return {
    found,
    docs_url: docsHome(docs)?.page.final_url ?? docsLink?.url ?? null,
    pages: docs.length,
    has_quickstart: hasQuickstart,
    has_code_samples: code.samples,
    code_languages: code.languages,
    has_api_reference: hasApiReference,
    has_search: hasSearch,
    quality_score: qualityScore,
    evidence: uniqueEvidence([foundEvidence, quickstartEvidence, code.evidence, apiReferenceEvidence, searchEvidence] satisfies (Evidence | null)[]),
  };
}

/** The entrance to the docs: the docs page highest in the URL tree, whichever was read first. */
function docsHome(docs: readonly ReadPage[]): ReadPage | undefined {
  const depth = (read: ReadPage) => (parseWebUrl(read.page.final_url)?.pathname ?? '/').split('/').filter(Boolean).length;
  const guides = pagesOfKind(docs, 'docs');
  return [...(guides.length > 0 ? guides : docs)].sort((a, b) => depth(a) - depth(b))[0];
}

/** The 15 points for documentation spread over several pages: 5 for each page read, up to this many. */
export const PAGES_FOR_DEPTH = 3;

function titleEvidence(read: ReadPage): Evidence | null {
  const heading = read.html?.body ? elementsUnder(read.html.body).find((element) => element.name === 'h1') : undefined;
  const text = heading && read.html ? read.html.textOf(heading) : '';
  return (text ? evidenceOfPassage(read.page, text) : null) ?? evidenceOfPassage(read.page, read.page.text.slice(0, 120).trim());
}

/** A link to an API reference that was not read (the page budget ran out, or it sits elsewhere). */
function apiReferenceLink(pages: readonly ReadPage[]): Evidence | null {
  for (const read of pages) {
    for (const link of read.html?.links ?? []) {
      const url = parseWebUrl(link.url);
      if (!url || !link.text || classifyLink(url, link.text)?.kind !== 'api') continue;
      const evidence = evidenceOfPassage(read.page, link.text);
      if (evidence) return evidence;
    }
  }
  return null;
}

function firstDocsLink(pages: readonly ReadPage[]): { url: string; evidence: Evidence | null } | null {
  for (const read of pages) {
    for (const link of read.html?.links ?? []) {
      const url = parseWebUrl(link.url);
      const kind = url ? classifyLink(url, link.text)?.kind : undefined;
      if (kind === 'docs' || kind === 'api') return { url: link.url, evidence: link.text ? evidenceOfPassage(read.page, link.text) : null };
    }
  }
  return null;
}

function codeSamples(docs: readonly ReadPage[]): { samples: boolean; languages: string[]; evidence: Evidence | null } {
  const languages = new Set<string>();
  let evidence: Evidence | null = null;
  let samples = false;
  for (const read of docs) {
    const html = read.html;
    if (!html?.body) continue;
    for (const element of elementsUnder(html.body)) {
      const name = element.name?.toLowerCase();
      if (name === 'pre' || name === 'code') {
        const text = html.textOf(element);
        const block = name === 'pre' || text.length >= 30;
        if (block && text.length >= MIN_CODE) {
          samples = true;
          evidence ??= evidenceOfPassage(read.page, text);
          for (const language of installLanguages(text)) languages.add(language);
        }
        for (const language of languagesOfElement(element.attribs ?? {})) languages.add(language);
      } else if (isTabLabel(name, element.attribs ?? {})) {
        const language = languageOf(html.textOf(element));
        if (language) languages.add(language);
      }
    }
  }
  return { samples, languages: [...languages].sort(), evidence };
}

function languagesOfElement(attribs: Record<string, string>): string[] {
  const found: string[] = [];
  for (const token of (attribs.class ?? '').split(/\s+/)) {
    const match = /^(?:language|lang|highlight|hljs|brush|code)-(.+)$/i.exec(token);
    const language = match?.[1] ? languageOf(match[1]) : null;
    if (language) found.push(language);
  }
  for (const attribute of ['data-lang', 'data-language']) {
    const language = attribs[attribute] ? languageOf(attribs[attribute]) : null;
    if (language) found.push(language);
  }
  return found;
}

function isTabLabel(name: string | undefined, attribs: Record<string, string>): boolean {
  if (attribs.role === 'tab' || name === 'button' || name === 'option') return true;
  return /\btab\b|tab-|-tab\b|lang/.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`.toLowerCase());
}

function hasSearchBox(read: ReadPage): boolean {
  const html = read.html;
  if (!html?.body) return false;
  if (SEARCH_TEXT.test(read.page.text)) return true;
  return elementsUnder(html.body).some((element) => {
    const attribs = element.attribs ?? {};
    if (element.name === 'input' && (attribs.type === 'search' || /search/i.test(`${attribs.placeholder ?? ''} ${attribs.name ?? ''}`))) return true;
    if (attribs.role === 'search') return true;
    return (element.name === 'button' || element.name === 'form') && /docsearch|search/.test(classAndId(element));
  });
}

import type { Evidence, VendorProfile } from '../../contracts';
import { requirementTerms, stem, textStems, tokenize } from '../scenario';

/**
 * Does a vendor's own text cover a requirement? Covered when one passage (a
 * listed feature, a sentence of a page, a plan) holds the requirement as a
 * phrase or holds all its significant terms; partly covered when one passage
 * holds at least half of them.
 */

export type CoverageStatus = 'covered' | 'partial' | 'missing';

export interface NeedCoverage {
  need: string;
  terms: string[];
  status: CoverageStatus;
  /** Terms found in the best passage. */
  matched: string[];
  /** The requirement's own words for the matched terms, for people to read. */
  matched_words: string[];
  /** The best passage, quoted from the vendor's text. */
  evidence: Evidence | null;
}

export interface Coverage {
  needs: NeedCoverage[];
  /** 0 to 1: covered needs count 1, partly covered ones 0.5. */
  share: number;
  covered: number;
  partial: number;
}

interface Passage {
  text: string;
  lower: string;
  stems: Set<string>;
  source_url: string;
}

const MAX_QUOTE = 300;

// Passages depend on the profile only; one profile is matched against many requirements and many times per evaluation.
const passageCache = new WeakMap<VendorProfile, Passage[]>();

function passage(text: string, sourceUrl: string): Passage {
  return { text, lower: text.toLowerCase(), stems: new Set(textStems(text)), source_url: sourceUrl };
}

/** Splits page text into sentences of at most MAX_QUOTE characters, cut at spaces. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    let rest = sentence.trim();
    while (rest.length > MAX_QUOTE) {
      const cut = rest.lastIndexOf(' ', MAX_QUOTE);
      const end = cut > MAX_QUOTE / 2 ? cut : MAX_QUOTE;
      sentences.push(rest.slice(0, end));
      rest = rest.slice(end).trim();
    }
    if (rest.length > 0) sentences.push(rest);
  }
  return sentences;
}

/** Passages in the order they are preferred as evidence: listed features, then page text, then plans. */
function passagesOf(profile: VendorProfile): Passage[] {
  const cached = passageCache.get(profile);
  if (cached) return cached;
  const passages = [
    ...profile.features.map((feature) => passage(feature.text, feature.evidence.source_url)),
    ...profile.pages
      .filter((page) => page.kind !== 'robots')
      .flatMap((page) => sentencesOf(page.text).map((sentence) => passage(sentence, page.url))),
    ...profile.pricing.plans.map((plan) => passage(plan.evidence.quote || plan.name, plan.evidence.source_url)),
  ];
  passageCache.set(profile, passages);
  return passages;
}

function quoteOf(found: Passage): Evidence {
  return { source_url: found.source_url, quote: found.text.slice(0, MAX_QUOTE) };
}

function wordsFor(need: string, stems: string[]): string[] {
  const wanted = new Set(stems);
  return [...new Set(tokenize(need).filter((word) => wanted.has(stem(word))))];
}

export function coverNeed(profile: VendorProfile, need: string): NeedCoverage {
  const terms = requirementTerms(need);
  const phrase = need.trim().toLowerCase().replace(/\s+/g, ' ');
  const passages = passagesOf(profile);

  let best: { found: Passage; matched: string[] } | null = null;
  for (const found of passages) {
    if (phrase.length > 0 && found.lower.includes(phrase)) {
      return { need, terms, status: 'covered', matched: [...terms], matched_words: wordsFor(need, terms), evidence: quoteOf(found) };
    }
    const matched = terms.filter((term) => found.stems.has(term));
    if (matched.length > 0 && (!best || matched.length > best.matched.length)) best = { found, matched };
    if (terms.length > 0 && matched.length === terms.length) break;
  }

  if (!best) return { need, terms, status: 'missing', matched: [], matched_words: [], evidence: null };
  const status: CoverageStatus =
    best.matched.length === terms.length ? 'covered' : best.matched.length * 2 >= terms.length ? 'partial' : 'missing';
  return { need, terms, status, matched: best.matched, matched_words: wordsFor(need, best.matched), evidence: status === 'missing' ? null : quoteOf(best.found) };
}

// Every run of an evaluation weighs the same profiles against the same needs; preference runs weigh the whole field.
const coverageCache = new WeakMap<VendorProfile, Map<string, Coverage>>();

/** Coverage of a list of needs; the result is shared between callers and must not be changed. */
export function coverageOf(profile: VendorProfile, needs: string[]): Coverage {
  const key = needs.join('\u0000');
  const known = coverageCache.get(profile) ?? new Map<string, Coverage>();
  coverageCache.set(profile, known);
  const cached = known.get(key);
  if (cached) return cached;
  const coverage = measureCoverage(profile, needs);
  known.set(key, coverage);
  return coverage;
}

function measureCoverage(profile: VendorProfile, needs: string[]): Coverage {
  const covers = needs.map((need) => coverNeed(profile, need));
  const covered = covers.filter((cover) => cover.status === 'covered').length;
  const partial = covers.filter((cover) => cover.status === 'partial').length;
  return { needs: covers, share: needs.length === 0 ? 1 : (covered + partial / 2) / needs.length, covered, partial };
}

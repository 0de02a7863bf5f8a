import type { TraceEvidence, VendorProfile } from '../../contracts';
import { neutralise } from './prompts/vendor-content';

/** Case, whitespace and typographic quotes aside; fences as the model saw them. */
export function normaliseText(text: string): string {
  return neutralise(text)
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const sameUrl = (a: string, b: string) => a === b || a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Marks each quote a model gives as supported only when the text stored for
 * its URL contains it: a model that paraphrases or invents a quote is caught.
 */
export function checkEvidence(
  quotes: readonly { quote: string; source_url: string }[],
  profiles: readonly VendorProfile[],
): TraceEvidence[] {
  const pages = profiles.flatMap((profile) => profile.pages);
  const seen = new Set<string>();
  const evidence: TraceEvidence[] = [];
  for (const item of quotes) {
    const key = `${item.source_url}\n${item.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const quote = normaliseText(item.quote);
    const supported =
      quote.length > 0 &&
      pages.some(
        (page) =>
          (sameUrl(page.url, item.source_url) || sameUrl(page.final_url, item.source_url)) && normaliseText(page.text).includes(quote),
      );
    evidence.push({ quote: item.quote, source_url: item.source_url, supported });
  }
  return evidence;
}

/** A reproducible shuffle: the same seed gives the same order on every run. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = (seed * 0x9e3779b1) >>> 0 || 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

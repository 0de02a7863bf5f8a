import type { FunnelStage, Impact } from '../../contracts';

export const STAGE_LABELS: Readonly<Record<FunnelStage, string>> = {
  consideration: 'Consideration',
  comprehension: 'Comprehension',
  preference: 'Preference',
  executability: 'Executability',
  completion: 'Completion',
};

/** The question each stage answers, as the buying agent meets it. */
export const STAGE_QUESTIONS: Readonly<Record<FunnelStage, string>> = {
  consideration: 'Does the agent find the product and put it on its shortlist?',
  comprehension: 'Does it understand what the product does, costs and supports?',
  preference: 'Does it prefer the product over the competitors for the task?',
  executability: 'Can it set the product up: sign up, read the docs, reach the API?',
  completion: 'Can it finish the purchase without a human in the loop?',
};

export const IMPACT_LABELS: Readonly<Record<Impact, string>> = {
  high: 'High impact',
  medium: 'Medium impact',
  low: 'Low impact',
};

/** Scores keep one decimal at most: the precision ranks are computed at. */
export function roundScore(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;
}

export function formatScore(value: number): string {
  const rounded = roundScore(value);
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

export function formatDelta(value: number): string {
  const rounded = roundScore(value);
  if (rounded === 0) return '±0';
  return `${rounded > 0 ? '+' : '−'}${formatScore(Math.abs(rounded))}`;
}

/** `2025-03-14 09:30 UTC`; the report must read the same wherever it is opened. */
export function formatTimestamp(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

export function formatMoney(amount: number, currency: string | null): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return currency ? `${fixed} ${currency}` : fixed;
}

/** Score band used for colour, with the thresholds the legend states. */
export type ScoreBand = 'good' | 'average' | 'poor';
export const SCORE_BANDS = { good: 75, average: 50 } as const;

export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BANDS.good) return 'good';
  if (score >= SCORE_BANDS.average) return 'average';
  return 'poor';
}

/**
 * The first `max` characters of `text`, cut at a word boundary when one is
 * near, with an ellipsis when anything was cut.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const space = text.lastIndexOf(' ', max);
  if (space > max * 0.8) end = space;
  const code = text.charCodeAt(end - 1);
  // Never leave half of a surrogate pair before the ellipsis.
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

import { FUNNEL_STAGES, type FunnelStage } from '../../server/contracts';

export const STAGE_LABELS: Record<FunnelStage, string> = {
  consideration: 'Consideration',
  comprehension: 'Comprehension',
  preference: 'Preference',
  executability: 'Executability',
  completion: 'Completion',
};

export const STAGE_QUESTIONS: Record<FunnelStage, string> = {
  consideration: 'Does the agent find and shortlist the product?',
  comprehension: 'Does it understand what the product does and costs?',
  preference: 'Does it prefer the product over the others?',
  executability: 'Can it set the product up on its own?',
  completion: 'Can it finish the purchase?',
};

export { FUNNEL_STAGES };

/** Lighthouse bands: 90 and above good, 50 to 89 needs work, below 50 poor. */
export type ScoreBand = 'good' | 'average' | 'poor';

export function scoreBand(score: number, scale = 100): ScoreBand {
  const normalised = (score / scale) * 100;
  if (normalised >= 90) return 'good';
  if (normalised >= 50) return 'average';
  return 'poor';
}

export function formatScore(score: number | null | undefined, digits = 0): string {
  return score === null || score === undefined || !Number.isFinite(score) ? '–' : score.toFixed(digits);
}

export function formatDelta(delta: number): string {
  const rounded = Math.round(delta * 10) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(1)}`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export function formatMoney(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: amount < 1 ? 4 : 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Only http(s) addresses become links; anything else a website says is shown as text. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Models that cost money per call: every provider except the offline rules agent and local Ollama. */
export function isPaidModel(model: string): boolean {
  return model !== 'rules' && !model.startsWith('ollama:');
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

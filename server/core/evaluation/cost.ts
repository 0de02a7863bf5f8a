import { z } from 'zod';
import type { TokenUsage } from '../../contracts';
import type { EvaluationSpend, RunRecord } from '../domain';

/** What a model costs, in US dollars per million tokens. */
export interface ModelPrice {
  input_usd_per_million: number;
  output_usd_per_million: number;
}

/** Prices by model id (`openai:gpt-4o-mini`) or by bare model name (`gpt-4o-mini`). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

const price = (input: number, output: number): ModelPrice => ({ input_usd_per_million: input, output_usd_per_million: output });

/**
 * List prices of well-known models (standard tier, text, prompts under 200k
 * tokens). Providers change them; an AppConfig `priceTable` or the JSON file
 * named by VENDOR_EVAL_PRICES overrides any entry.
 */
export const DEFAULT_PRICES: PriceTable = {
  'gpt-4o': price(2.5, 10),
  'gpt-4o-mini': price(0.15, 0.6),
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.4),
  'o4-mini': price(1.1, 4.4),
  'o3-mini': price(1.1, 4.4),
  'gemini-2.0-flash': price(0.1, 0.4),
  'gemini-2.0-flash-lite': price(0.075, 0.3),
  'gemini-2.5-flash': price(0.3, 2.5),
  'gemini-2.5-flash-lite': price(0.1, 0.4),
  'gemini-2.5-pro': price(1.25, 10),
};

const FREE = price(0, 0);

/** Models that run on this machine or call no model at all. */
function isLocal(modelId: string): boolean {
  return modelId === 'rules' || modelId.startsWith('ollama:');
}

/**
 * The price of a model id: an exact entry, else its name without the provider
 * prefix, else the longest entry the name extends with a dated or tagged
 * suffix (`gpt-4o-mini-2024-07-18` → `gpt-4o-mini`). Null when unknown.
 */
export function priceOf(table: PriceTable, modelId: string): ModelPrice | null {
  if (isLocal(modelId)) return table[modelId] ?? FREE;
  const exact = table[modelId];
  if (exact) return exact;
  const name = modelId.slice(modelId.indexOf(':') + 1);
  if (table[name]) return table[name];
  const prefix = Object.keys(table)
    .filter((key) => name.startsWith(`${key}-`) || name.startsWith(`${key}@`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix]! : null;
}

export function isPaid(table: PriceTable, modelId: string): boolean {
  const known = priceOf(table, modelId);
  return known === null || known.input_usd_per_million > 0 || known.output_usd_per_million > 0;
}

export function costOf(usage: TokenUsage, modelPrice: ModelPrice | null): number {
  if (!modelPrice) return 0;
  return (usage.input_tokens * modelPrice.input_usd_per_million + usage.output_tokens * modelPrice.output_usd_per_million) / 1_000_000;
}

export const NO_TOKENS: TokenUsage = { input_tokens: 0, output_tokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { input_tokens: a.input_tokens + b.input_tokens, output_tokens: a.output_tokens + b.output_tokens };
}

/** Dollars to the nearest hundredth of a cent: sums of many small costs stay honest. */
export function roundUsd(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** `$0.42`, or `$0.0042` below a cent, so a small spend never reads as nothing. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  return Math.abs(value) >= 0.01 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`;
}

const ModelPriceSchema = z.object({
  input_usd_per_million: z.number().nonnegative(),
  output_usd_per_million: z.number().nonnegative(),
});
const PriceTableSchema = z.record(z.string().min(1), ModelPriceSchema);

/** Reads a price table given as JSON: `{ "gpt-4o": { "input_usd_per_million": 2.5, "output_usd_per_million": 10 } }`. */
export function parsePriceTable(value: unknown, source: string): PriceTable {
  const parsed = PriceTableSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new Error(
    `${source} is not a price table${where}: ${issue?.message ?? 'invalid'}; expected { "<model>": { "input_usd_per_million": n, "output_usd_per_million": n } }`,
  );
}

/** What one run's samples cost. */
export interface RunSpend {
  usage: TokenUsage;
  cost_usd: number;
  cached_samples: number;
}

export const NOTHING_SPENT: RunSpend = { usage: NO_TOKENS, cost_usd: 0, cached_samples: 0 };

export function addRunSpend(total: EvaluationSpend, run: RunRecord): EvaluationSpend {
  return {
    input_tokens: total.input_tokens + (run.usage?.input_tokens ?? 0),
    output_tokens: total.output_tokens + (run.usage?.output_tokens ?? 0),
    cost_usd: roundUsd(total.cost_usd + (run.cost_usd ?? 0)),
  };
}

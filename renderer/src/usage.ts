/** Token counts and cost of a trace or sample, when the server reports them (language models only). */
export interface Usage {
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  cached: boolean | null;
}

function numberAt(record: object, key: string): number | null {
  const value: unknown = Reflect.get(record, key);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Reads `usage: { input_tokens, output_tokens }`, `cost_usd` and `cached` where present. */
export function usageOf(record: object): Usage | null {
  const usage: unknown = Reflect.get(record, 'usage');
  const counts = typeof usage === 'object' && usage !== null ? usage : record;
  const cachedValue: unknown = Reflect.get(record, 'cached');
  const found: Usage = {
    inputTokens: numberAt(counts, 'input_tokens'),
    outputTokens: numberAt(counts, 'output_tokens'),
    costUsd: numberAt(record, 'cost_usd') ?? numberAt(counts, 'cost_usd'),
    cached: typeof cachedValue === 'boolean' ? cachedValue : null,
  };
  return Object.values(found).some((value) => value !== null) ? found : null;
}

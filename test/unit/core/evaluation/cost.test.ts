import { describe, expect, it } from 'vitest';
import { costOf, DEFAULT_PRICES, formatUsd, isPaid, parsePriceTable, priceOf } from '../../../../server/core/evaluation/cost';

describe('price table', () => {
  it('finds a model by id, by name without its provider, and by a dated name', () => {
    expect(priceOf(DEFAULT_PRICES, 'openai:gpt-4o-mini')).toEqual({ input_usd_per_million: 0.15, output_usd_per_million: 0.6 });
    expect(priceOf(DEFAULT_PRICES, 'gpt-4o')).toEqual({ input_usd_per_million: 2.5, output_usd_per_million: 10 });
    expect(priceOf(DEFAULT_PRICES, 'openai:gpt-4o-mini-2024-07-18')).toEqual(DEFAULT_PRICES['gpt-4o-mini']);
    expect(priceOf(DEFAULT_PRICES, 'gemini:gemini-2.5-pro')).toEqual({ input_usd_per_million: 1.25, output_usd_per_million: 10 });
    expect(priceOf(DEFAULT_PRICES, 'openai:some-new-model')).toBeNull();
  });

  it('lets an override win over the built-in price', () => {
    const table = { ...DEFAULT_PRICES, 'openai:gpt-4o': { input_usd_per_million: 1, output_usd_per_million: 2 } };
    expect(priceOf(table, 'openai:gpt-4o')).toEqual({ input_usd_per_million: 1, output_usd_per_million: 2 });
  });

  it('charges nothing for the rules agent and local models, and treats an unpriced model as paid', () => {
    expect(priceOf(DEFAULT_PRICES, 'rules')).toEqual({ input_usd_per_million: 0, output_usd_per_million: 0 });
    expect(priceOf(DEFAULT_PRICES, 'ollama:llama3.2')).toEqual({ input_usd_per_million: 0, output_usd_per_million: 0 });
    expect(isPaid(DEFAULT_PRICES, 'ollama:llama3.2')).toBe(false);
    expect(isPaid(DEFAULT_PRICES, 'rules')).toBe(false);
    expect(isPaid(DEFAULT_PRICES, 'openai:gpt-4.1')).toBe(true);
    expect(isPaid(DEFAULT_PRICES, 'openai:some-new-model')).toBe(true);
  });

  it('costs input and output tokens at their own price per million', () => {
    // 12,000 × $0.15 + 3,000 × $0.60 per million = $0.0018 + $0.0018.
    expect(costOf({ input_tokens: 12_000, output_tokens: 3_000 }, DEFAULT_PRICES['gpt-4o-mini']!)).toBeCloseTo(0.0036, 12);
    expect(costOf({ input_tokens: 12_000, output_tokens: 3_000 }, null)).toBe(0);
  });

  it('reads a price table from JSON and names what is wrong with a bad one', () => {
    expect(parsePriceTable({ 'my-model': { input_usd_per_million: 3, output_usd_per_million: 4 } }, 'prices.json')).toEqual({
      'my-model': { input_usd_per_million: 3, output_usd_per_million: 4 },
    });
    expect(() => parsePriceTable({ 'my-model': { input_usd_per_million: -1, output_usd_per_million: 4 } }, 'prices.json')).toThrow(
      /prices.json is not a price table at my-model.input_usd_per_million/,
    );
    expect(() => parsePriceTable([1, 2], 'prices.json')).toThrow(/prices.json is not a price table/);
  });

  it('shows small amounts to the hundredth of a cent', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.0036)).toBe('$0.0036');
    expect(formatUsd(1.5)).toBe('$1.50');
  });
});

import { describe, expect, it } from 'vitest';
import { differenceInterval } from '../../../../server/core/scoring/intervals';
import { measuredVariant } from '../../../../server/core/scoring/measured-variants';

describe('the interval of a measured difference', () => {
  it("is Welch's: unequal spreads and sizes, degrees of freedom from Welch–Satterthwaite rounded down", () => {
    // Standard error √(100/3 + 50/2) = 7.64; df = 2.88, so t(2) = 4.3027.
    expect(differenceInterval(15, [60, 70, 80], [80, 90])).toEqual({ mean: 15, low: -17.9, high: 47.9, n: 2 });
  });

  it('has no width when neither side shows spread', () => {
    expect(differenceInterval(8, [77], [85])).toEqual({ mean: 8, low: 8, high: 8, n: 1 });
  });
});

describe('a variant measured by a language model', () => {
  const baseline = { consideration: [50, 60], comprehension: [60, 70], preference: [40, 40], executability: [70, 70], completion: [30, 50] };

  it('measures the re-run stages against their baseline and copies the rest with n = 0', () => {
    const variant = measuredVariant({
      code: 'pricing_not_published',
      fix: 'Publish prices.',
      model: 'openai:gpt-4o-mini',
      baseline,
      variant: { comprehension: [80, 90], completion: [60, 60] },
      run_ids: ['e.11', 'e.12'],
      error: null,
    });
    const byStage = Object.fromEntries(variant.stage_deltas.map((entry) => [entry.stage, entry]));
    expect(byStage.comprehension).toMatchObject({ baseline: 65, variant: 85, delta: 20 });
    expect(byStage.comprehension!.delta_interval.n).toBe(2);
    expect(byStage.comprehension!.delta_interval.low).toBeLessThan(20);
    expect(byStage.completion).toMatchObject({ baseline: 40, variant: 60, delta: 20 });
    expect(byStage.preference).toEqual({ stage: 'preference', baseline: 40, variant: 40, delta: 0, delta_interval: { mean: 0, low: 0, high: 0, n: 0 } });
    expect(variant).toMatchObject({ overall_baseline: 54, overall_variant: 62, overall_delta: 8, run_ids: ['e.11', 'e.12'], error: null });
    expect(variant.overall_delta_interval.low).toBeLessThan(8);
    expect(variant.overall_delta_interval.high).toBeGreaterThan(8);
  });

  it('leaves a stage whose re-run produced no score unmeasured', () => {
    const variant = measuredVariant({ code: 'x', fix: 'y', model: 'm', baseline, variant: { comprehension: [] }, run_ids: ['e.11'], error: 'failed' });
    expect(variant.stage_deltas.every((entry) => entry.delta === 0 && entry.delta_interval.n === 0)).toBe(true);
    expect(variant.overall_delta).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES } from '../../../../server/contracts';
import type { RunRecord } from '../../../../server/core/domain';
import type { AgentVendor } from '../../../../server/core/ports';
import {
  intervalsOverlap,
  overallInterval,
  sampleScoresOf,
  stageInterval,
  tCritical95,
  vendorIntervals,
} from '../../../../server/core/scoring/intervals';
import { computeResults, withIntervals } from '../../../../server/core/scoring/results';
import { agentVendor, EMAIL_REQUIREMENTS, EMAIL_TASK, mailCraneProfile, postBirdProfile, scenarioOf } from '../../../support/profiles';
import { run } from './runs';

/** A completed run whose samples scored these values on 0 to 10. */
function sampled(vendor: AgentVendor, stage: RunRecord['stage'], model: string, scores: number[]): RunRecord {
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return {
    ...run(vendor, stage, model, Math.round(mean * 100) / 100),
    samples: scores.map((score, index) => ({
      sample: index + 1,
      prompt: 'p',
      response: 'r',
      reasoning: '',
      justification: '',
      score,
      evidence: [],
      duration_ms: 1,
      temperature: 0.7,
      seed: index + 1,
      error: null,
    })),
  };
}

describe('tCritical95', () => {
  it('gives the published two-sided 95% values of Student t', () => {
    expect(tCritical95(1)).toBeCloseTo(12.706, 3);
    expect(tCritical95(2)).toBeCloseTo(4.303, 3);
    expect(tCritical95(10)).toBeCloseTo(2.228, 3);
    expect(tCritical95(30)).toBeCloseTo(2.042, 3);
    expect(tCritical95(40)).toBeCloseTo(2.021, 3);
    expect(tCritical95(120)).toBeCloseTo(1.98, 3);
    expect(tCritical95(3.9)).toBe(tCritical95(3));
  });
});

describe('stageInterval', () => {
  it('is mean ± t(n−1) × s / √n on 0 to 100', () => {
    // 60, 70, 80: s = 10, standard error 10/√3, t(2) = 4.303 → ± 24.84.
    expect(stageInterval(70, [60, 70, 80])).toEqual({ mean: 70, low: 45.2, high: 94.8, n: 3 });
  });

  it('is the point itself with one sample: one sample shows no spread', () => {
    expect(stageInterval(62.5, [62.5])).toEqual({ mean: 62.5, low: 62.5, high: 62.5, n: 1 });
  });

  it('has no width when the samples agree', () => {
    expect(stageInterval(80, [80, 80, 80, 80])).toEqual({ mean: 80, low: 80, high: 80, n: 4 });
  });

  it('stays within 0 to 100', () => {
    const interval = stageInterval(95, [90, 100]);
    expect(interval.high).toBe(100);
    expect(interval.low).toBeGreaterThanOrEqual(0);
  });
});

describe('overallInterval', () => {
  it('combines the stages: standard error √(Σ s²/n) / 5, Welch–Satterthwaite degrees of freedom', () => {
    // Four stages of (70, 65)-like pairs (s² = 12.5) and one of (20, 30) (s² = 50): Σ s²/n = 50,
    // standard error √50 / 5 = 1.414, df = 50² / (4 × 6.25² + 25²) = 3.2 → 3, t = 3.182 → ± 4.5.
    const stages = [[70, 65], [80, 75], [50, 45], [30, 25], [20, 30]];
    expect(overallInterval(49, stages)).toEqual({ mean: 49, low: 44.5, high: 53.5, n: 2 });
  });

  it('is the point when every stage rests on one sample (the rules agent)', () => {
    expect(overallInterval(55, [[60], [50], [40], [70], [55]])).toEqual({ mean: 55, low: 55, high: 55, n: 1 });
  });
});

describe('vendor intervals from runs', () => {
  const scenario = scenarioOf(EMAIL_TASK, 'email_api', EMAIL_REQUIREMENTS);
  const postBird = agentVendor('PostBird', postBirdProfile(), true);
  const mailCrane = agentVendor('MailCrane', mailCraneProfile(), false);

  it('pools the samples of every model for a stage, each sample times 10', () => {
    const runs = [sampled(postBird, 'consideration', 'm1', [6, 7, 8]), sampled(postBird, 'consideration', 'm2', [7, 7, 7])];
    expect(runs.flatMap(sampleScoresOf)).toEqual([60, 70, 80, 70, 70, 70]);
    const scores = { consideration: 70, comprehension: 0, preference: 0, executability: 0, completion: 0 };
    const { funnel } = vendorIntervals(postBird.id, runs, scores, 14);
    // s = √(200/5) = 6.325, standard error 2.582, t(5) = 2.571 → ± 6.64.
    expect(funnel.consideration).toEqual({ mean: 70, low: 63.4, high: 76.6, n: 6 });
    expect(funnel.completion).toEqual({ mean: 0, low: 0, high: 0, n: 0 });
  });

  it('flags vendors whose overall intervals overlap as tied, and only those', () => {
    const vendors = [postBird, mailCrane];
    const noisy = (vendor: AgentVendor, scores: number[]) => FUNNEL_STAGES.map((stage) => sampled(vendor, stage, 'm1', scores));
    const close = computeResults({
      evaluationId: 'eval-1',
      customerVendorId: postBird.id,
      vendors,
      scenario,
      models: ['m1'],
      runs: [...noisy(postBird, [5, 6, 7]), ...noisy(mailCrane, [6, 7, 8])],
      now: new Date('2026-03-01T12:00:00Z'),
    });
    const [first, second] = close.scores.vendor_rankings;
    expect(first!.name).toBe('MailCrane');
    expect(first!.tied_with).toEqual([postBird.id]);
    expect(second!.tied_with).toEqual([mailCrane.id]);
    expect(intervalsOverlap(first!.interval, second!.interval)).toBe(true);
    expect(close.scores.overall_interval).toEqual(second!.interval);
    expect(close.scores.interval_level).toBe(0.95);

    const apart = computeResults({
      evaluationId: 'eval-1',
      customerVendorId: postBird.id,
      vendors,
      scenario,
      models: ['m1'],
      runs: [...noisy(postBird, [2, 2.5, 3]), ...noisy(mailCrane, [8, 8.5, 9])],
      now: new Date('2026-03-01T12:00:00Z'),
    });
    expect(apart.scores.vendor_rankings.map((ranking) => ranking.tied_with)).toEqual([[], []]);
    expect(apart.scores.vendor_rankings[0]!.interval.low).toBeGreaterThan(apart.scores.vendor_rankings[1]!.interval.high);
  });

  it('gives causal variants of the rules agent an exact delta: n = 1, low = high = delta', () => {
    const vendors = [postBird, mailCrane];
    const runs = FUNNEL_STAGES.flatMap((stage) => vendors.map((vendor) => run(vendor, stage, 'rules', 5)));
    const results = computeResults({ evaluationId: 'eval-1', customerVendorId: postBird.id, vendors, scenario, models: ['rules'], runs, now: new Date() });
    for (const variant of results.diagnosis.causal_variants) {
      expect(variant.overall_delta_interval).toEqual({ mean: variant.overall_delta, low: variant.overall_delta, high: variant.overall_delta, n: 1 });
      for (const entry of variant.stage_deltas) expect(entry.delta_interval).toEqual({ mean: entry.delta, low: entry.delta, high: entry.delta, n: 1 });
    }
  });

  it('derives intervals for results stored before they were computed', () => {
    const vendors = [postBird, mailCrane];
    const runs = FUNNEL_STAGES.flatMap((stage) => [sampled(postBird, stage, 'm1', [5, 6, 7]), sampled(mailCrane, stage, 'm1', [6, 7, 8])]);
    const fresh = computeResults({ evaluationId: 'eval-1', customerVendorId: postBird.id, vendors, scenario, models: ['m1'], runs, now: new Date() });
    const { overall_interval: _o, funnel_intervals: _f, interval_level: _l, ...oldScores } = fresh.scores;
    const old = {
      ...fresh,
      scores: {
        ...oldScores,
        vendor_rankings: fresh.scores.vendor_rankings.map(({ interval: _i, funnel_intervals: _fi, tied_with: _t, ...ranking }) => ranking),
      },
    } as unknown as typeof fresh;
    expect(withIntervals(old, () => runs).scores).toEqual(fresh.scores);
  });
});

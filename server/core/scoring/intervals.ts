import { FUNNEL_STAGES, type FunnelIntervals, type FunnelScores, type StageInterval } from '../../contracts';
import type { RunRecord } from '../domain';
import { round1 } from './funnel';

export const INTERVAL_LEVEL = 0.95;

/** Two-sided 95% critical values of Student's t for 1 to 30 degrees of freedom. */
const T_975 = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448,
  2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484,
  2.0452, 2.0423,
] as const;
const Z_975 = 1.959964;

/**
 * The 97.5% quantile of Student's t. Fractional degrees of freedom (from
 * Welch–Satterthwaite) are rounded down, which widens the interval slightly
 * rather than narrowing it. Beyond 30 the Cornish–Fisher expansion is exact to
 * four decimals.
 */
export function tCritical95(degreesOfFreedom: number): number {
  const df = Math.floor(degreesOfFreedom);
  if (!(df >= 1)) throw new Error(`degrees of freedom must be at least 1, got ${degreesOfFreedom}`);
  if (df <= T_975.length) return T_975[df - 1]!;
  const z = Z_975;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

export function sampleVariance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
}

const clamp100 = (value: number) => Math.min(100, Math.max(0, value));

/** An interval of zero width: what one sample, or a deterministic agent, gives. */
export function pointInterval(score: number, n = 1): StageInterval {
  return { mean: score, low: score, high: score, n };
}

export function pointIntervals(scores: FunnelScores, n = 1): FunnelIntervals {
  return {
    consideration: pointInterval(scores.consideration, n),
    comprehension: pointInterval(scores.comprehension, n),
    preference: pointInterval(scores.preference, n),
    executability: pointInterval(scores.executability, n),
    completion: pointInterval(scores.completion, n),
  };
}

/** centre ± t(0.975, df) × standardError, clamped to 0–100 and rounded to one decimal. */
function around(centre: number, standardError: number, df: number, n: number): StageInterval {
  if (!(standardError > 0) || !(df >= 1)) return pointInterval(centre, n);
  const half = tCritical95(df) * standardError;
  return { mean: centre, low: round1(clamp100(centre - half)), high: round1(clamp100(centre + half)), n };
}

/** The stage interval: centred on the stage score, its width from the spread of the sample scores. */
export function stageInterval(centre: number, samples: readonly number[]): StageInterval {
  const n = samples.length;
  if (n < 2) return pointInterval(centre, n);
  return around(centre, Math.sqrt(sampleVariance(samples) / n), n - 1, n);
}

/**
 * The interval of a mean of five stage scores. The stages are sampled
 * independently, so the variance of their mean is the sum of the stage
 * variances over 25; the degrees of freedom come from Welch–Satterthwaite.
 * A stage resting on one sample adds no measurable spread.
 */
export function overallInterval(centre: number, samplesByStage: readonly (readonly number[])[]): StageInterval {
  const n = samplesByStage.length === 0 ? 0 : Math.min(...samplesByStage.map((samples) => samples.length));
  const parts = samplesByStage
    .filter((samples) => samples.length >= 2)
    .map((samples) => ({ variance: sampleVariance(samples) / samples.length, df: samples.length - 1 }));
  const total = parts.reduce((sum, part) => sum + part.variance, 0);
  if (total <= 0) return pointInterval(centre, n);
  const df = total ** 2 / parts.reduce((sum, part) => sum + part.variance ** 2 / part.df, 0);
  return around(centre, Math.sqrt(total) / samplesByStage.length, df, n);
}

/** Sample scores on 0 to 100 behind a completed run; a run stored without samples counts its score once. */
export function sampleScoresOf(run: RunRecord): number[] {
  if (run.status !== 'completed' || run.score === null) return [];
  const scored = run.samples.flatMap((sample) => (sample.score === null ? [] : [sample.score * 10]));
  return scored.length > 0 ? scored : [run.score * 10];
}

export interface VendorIntervals {
  overall: StageInterval;
  funnel: FunnelIntervals;
}

/** A vendor's stage and overall intervals, centred on the scores already computed from the same runs. */
export function vendorIntervals(vendorId: string, runs: readonly RunRecord[], scores: FunnelScores, overall: number): VendorIntervals {
  const samples = FUNNEL_STAGES.map((stage) =>
    runs.filter((run) => run.vendor_id === vendorId && run.stage === stage).flatMap(sampleScoresOf),
  );
  const [consideration, comprehension, preference, executability, completion] = FUNNEL_STAGES.map((stage, index) =>
    stageInterval(scores[stage], samples[index]!),
  ) as [StageInterval, StageInterval, StageInterval, StageInterval, StageInterval];
  return {
    overall: overallInterval(overall, samples),
    funnel: { consideration, comprehension, preference, executability, completion },
  };
}

export function intervalsOverlap(a: StageInterval, b: StageInterval): boolean {
  return a.low <= b.high && b.low <= a.high;
}

const clampDelta = (value: number) => Math.min(100, Math.max(-100, value));

/** One side of a difference: its variance of the mean and the degrees of freedom behind it. */
function meanVariance(samples: readonly number[]): { variance: number; df: number } | null {
  return samples.length >= 2 ? { variance: sampleVariance(samples) / samples.length, df: samples.length - 1 } : null;
}

function welch(centre: number, parts: readonly ({ variance: number; df: number } | null)[], scale: number, n: number): StageInterval {
  const known = parts.filter((part): part is { variance: number; df: number } => part !== null && part.variance > 0);
  const total = known.reduce((sum, part) => sum + part.variance, 0);
  if (total <= 0) return pointInterval(centre, n);
  const df = total ** 2 / known.reduce((sum, part) => sum + part.variance ** 2 / part.df, 0);
  const half = tCritical95(df) * Math.sqrt(total) * scale;
  return { mean: centre, low: round1(clampDelta(centre - half)), high: round1(clampDelta(centre + half)), n };
}

/**
 * The 95% interval of mean(variant) − mean(baseline), Welch's: the two sample
 * sets are independent and may differ in spread and size. A side with one
 * sample adds no measurable spread. n is the smaller side.
 */
export function differenceInterval(centre: number, baseline: readonly number[], variant: readonly number[]): StageInterval {
  return welch(centre, [meanVariance(baseline), meanVariance(variant)], 1, Math.min(baseline.length, variant.length));
}

/**
 * The interval of the difference of two five-stage means: every measured side
 * of every stage adds its variance (over 25), degrees of freedom from
 * Welch–Satterthwaite. Stages not re-run add nothing: their delta is 0 by construction.
 */
export function overallDifferenceInterval(
  centre: number,
  stages: readonly { baseline: readonly number[]; variant: readonly number[] }[],
  stageCount: number,
): StageInterval {
  const parts = stages.flatMap((stage) => [meanVariance(stage.baseline), meanVariance(stage.variant)]);
  const n = stages.length === 0 ? 0 : Math.min(...stages.map((stage) => Math.min(stage.baseline.length, stage.variant.length)));
  return welch(centre, parts, 1 / stageCount, n);
}

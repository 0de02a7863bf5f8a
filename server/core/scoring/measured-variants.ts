import { FUNNEL_STAGES, type CausalVariant, type FunnelStage } from '../../contracts';
import { mean, overallScore, round1 } from './funnel';
import { differenceInterval, overallDifferenceInterval, pointInterval } from './intervals';

/**
 * Causes whose variant each language model re-runs, highest impact first. Each
 * costs up to five stages × the evaluation's samples in calls per model, so the
 * lift of the few fixes that matter most is measured, not of every fix.
 */
export const MEASURED_VARIANTS_PER_MODEL = 3;

export interface MeasuredVariantInput {
  code: string;
  fix: string;
  model: string;
  /** The model's sample scores (0 to 100) of the customer's plan runs, per stage. */
  baseline: Record<FunnelStage, readonly number[]>;
  /** Sample scores of the variant runs, for the stages re-run; a stage absent was not re-run. */
  variant: Partial<Record<FunnelStage, readonly number[]>>;
  run_ids: string[];
  /** Why some re-run stage has no measurement, or null. */
  error: string | null;
}

/**
 * A variant measured by a language model: per stage, mean(variant samples) −
 * mean(baseline samples) with Welch's 95% interval. A stage not re-run, or
 * whose re-run produced no score, keeps its baseline with delta 0 and n = 0.
 */
export function measuredVariant(input: MeasuredVariantInput): CausalVariant {
  const measuredStages: { baseline: readonly number[]; variant: readonly number[] }[] = [];
  const stage_deltas = FUNNEL_STAGES.map((stage) => {
    const baselineSamples = input.baseline[stage];
    const variantSamples = input.variant[stage] ?? [];
    const baseline = round1(mean(baselineSamples));
    if (variantSamples.length === 0 || baselineSamples.length === 0) {
      return { stage, baseline, variant: baseline, delta: 0, delta_interval: pointInterval(0, 0) };
    }
    measuredStages.push({ baseline: baselineSamples, variant: variantSamples });
    const variant = round1(mean(variantSamples));
    const delta = round1(mean(variantSamples) - mean(baselineSamples));
    return { stage, baseline, variant, delta, delta_interval: differenceInterval(delta, baselineSamples, variantSamples) };
  });
  const scoresOf = (pick: 'baseline' | 'variant') =>
    Object.fromEntries(stage_deltas.map((entry) => [entry.stage, entry[pick]])) as Record<FunnelStage, number>;
  const overallBaseline = overallScore(scoresOf('baseline'));
  const overallVariant = overallScore(scoresOf('variant'));
  const overallDelta = round1(overallVariant - overallBaseline);
  return {
    code: input.code,
    fix: input.fix,
    model: input.model,
    stage_deltas,
    overall_baseline: overallBaseline,
    overall_variant: overallVariant,
    overall_delta: overallDelta,
    overall_delta_interval: overallDifferenceInterval(overallDelta, measuredStages, FUNNEL_STAGES.length),
    run_ids: input.run_ids,
    error: input.error,
  };
}

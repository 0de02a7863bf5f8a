import { FUNNEL_STAGES, type FailedModel, type FunnelScores, type FunnelStage, type ScoresView, type VendorRanking } from '../../contracts';
import { auditVendor, byStage } from '../audit';
import type { EvaluationResults, RunRecord, ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { rootCauses } from './diagnosis';
import { mean, overallScore, round1 } from './funnel';
import { INTERVAL_LEVEL, intervalsOverlap, pointInterval, pointIntervals, vendorIntervals, type VendorIntervals } from './intervals';
import { causalVariants, funnelScoresOf } from './variants';

export { overallScore } from './funnel';

export interface ResultsInput {
  evaluationId: string;
  customerVendorId: string;
  vendors: AgentVendor[];
  scenario: ScenarioRecord;
  models: string[];
  runs: RunRecord[];
  now: Date;
}

export interface VendorStageScores {
  scores: FunnelScores;
  /** Completed runs behind each stage score. */
  runs: Record<FunnelStage, number>;
  /** Some stage has no completed run and scores 0. */
  missing_stages: FunnelStage[];
}

/**
 * A vendor's stage scores on 0 to 100: the mean of its completed run scores
 * for the stage, times 10. Each run counts once whatever its samples (its
 * score is already their mean), so every model weighs the same.
 */
export function stageScoresFor(vendorId: string, runs: readonly RunRecord[]): VendorStageScores {
  const completed = byStage((stage) =>
    runs
      .filter((run) => run.vendor_id === vendorId && run.stage === stage && run.status === 'completed' && run.score !== null)
      .map((run) => run.score ?? 0),
  );
  return {
    scores: byStage((stage) => round1(mean(completed[stage]) * 10)),
    runs: byStage((stage) => completed[stage].length),
    missing_stages: FUNNEL_STAGES.filter((stage) => completed[stage].length === 0),
  };
}

/**
 * Highest score first; scores equal to one decimal share a rank (1, 1, 3); ties listed by name.
 * Each vendor names the others whose ranking-score interval overlaps its own.
 */
export function rankVendors(
  vendors: readonly AgentVendor[],
  scoresOf: (vendorId: string) => FunnelScores,
  customerVendorId: string,
  intervalsOf?: (vendorId: string, funnel: FunnelScores, overall: number) => VendorIntervals,
): VendorRanking[] {
  const rows: VendorRanking[] = vendors
    .map((vendor) => {
      const funnel = scoresOf(vendor.id);
      const score = overallScore(funnel);
      const intervals = intervalsOf?.(vendor.id, funnel, score) ?? { overall: pointInterval(score), funnel: pointIntervals(funnel) };
      return {
        vendor_id: vendor.id,
        name: vendor.name,
        score,
        rank: 0,
        is_customer: vendor.id === customerVendorId,
        funnel_scores: funnel,
        interval: intervals.overall,
        funnel_intervals: intervals.funnel,
        tied_with: [] as string[],
      };
    })
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.vendor_id.localeCompare(b.vendor_id));
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    row.rank = previous && previous.score === row.score ? previous.rank : index + 1;
    row.tied_with = rows
      .filter((other) => other.vendor_id !== row.vendor_id && intervalsOverlap(row.interval, other.interval))
      .map((other) => other.vendor_id);
  });
  return rows;
}

/** Models that ran and of which not one run completed, each with its first error. */
export function failedModels(models: readonly string[], runs: readonly RunRecord[]): FailedModel[] {
  return models.flatMap((model) => {
    const own = runs.filter((run) => run.model === model);
    if (own.length === 0 || own.some((run) => run.status === 'completed')) return [];
    return [{ model, error: own.find((run) => run.error)?.error ?? 'no run completed' }];
  });
}

export function computeResults(input: ResultsInput): EvaluationResults {
  const customer = input.vendors.find((vendor) => vendor.id === input.customerVendorId);
  if (!customer) throw new Error(`the customer's vendor '${input.customerVendorId}' is not one of the evaluation's vendors`);

  const measured = new Map(input.vendors.map((vendor) => [vendor.id, stageScoresFor(vendor.id, input.runs)]));
  const scoresOf = (vendorId: string) => measured.get(vendorId)?.scores ?? stageScoresFor(vendorId, []).scores;
  const customerScores = scoresOf(customer.id);
  const intervalsOf = (vendorId: string, funnel: FunnelScores, overall: number) => vendorIntervals(vendorId, input.runs, funnel, overall);
  const customerIntervals = intervalsOf(customer.id, customerScores, overallScore(customerScores));
  const partial =
    input.runs.some((run) => run.status !== 'completed') || [...measured.values()].some((vendor) => vendor.missing_stages.length > 0);

  // The diagnosis rests on the rules audit, which reads the profiles directly, so it explains any mix of models.
  const audit = auditVendor(input.scenario, customer, input.vendors);
  const causes = rootCauses({ scenario: input.scenario, customer, vendors: input.vendors, audit, scoresOf });
  const variants = causalVariants({
    scenario: input.scenario,
    customer,
    vendors: input.vendors,
    baseline: funnelScoresOf(audit),
    causes,
  });

  return {
    scores: {
      evaluation_id: input.evaluationId,
      customer_vendor_id: customer.id,
      overall_score: overallScore(customerScores),
      funnel_scores: customerScores,
      overall_interval: customerIntervals.overall,
      funnel_intervals: customerIntervals.funnel,
      interval_level: INTERVAL_LEVEL,
      vendor_rankings: rankVendors(input.vendors, scoresOf, customer.id, intervalsOf),
      partial,
      models: [...input.models],
      failed_models: failedModels(input.models, input.runs),
      scale: { run: '0-10', funnel: '0-100', overall: '0-100' },
    },
    diagnosis: {
      evaluation_id: input.evaluationId,
      customer_vendor_id: customer.id,
      root_causes: causes,
      causal_variants: variants,
    },
    computed_at: input.now.toISOString(),
  };
}

/**
 * Results stored before intervals were computed lack them; they are derived
 * from the same runs when read, so older evaluations show their spread too.
 */
export function withIntervals(results: EvaluationResults, runsOf: () => readonly RunRecord[]): EvaluationResults {
  const current = withFailedModels(results, runsOf);
  const { scores } = current;
  // Stored JSON is not re-validated: a field this version always writes may be absent.
  const stored = scores as Partial<ScoresView>;
  if (stored.overall_interval !== undefined) return current;
  const runs = runsOf();
  const intervalsOf = (vendorId: string, funnel: FunnelScores, overall: number) => vendorIntervals(vendorId, runs, funnel, overall);
  const rankings = scores.vendor_rankings.map((ranking) => {
    const intervals = intervalsOf(ranking.vendor_id, ranking.funnel_scores, ranking.score);
    return { ...ranking, interval: intervals.overall, funnel_intervals: intervals.funnel };
  });
  const customer = intervalsOf(scores.customer_vendor_id, scores.funnel_scores, scores.overall_score);
  return {
    ...current,
    scores: {
      ...scores,
      overall_interval: customer.overall,
      funnel_intervals: customer.funnel,
      interval_level: INTERVAL_LEVEL,
      vendor_rankings: rankings.map((ranking) => ({
        ...ranking,
        tied_with: rankings
          .filter((other) => other.vendor_id !== ranking.vendor_id && intervalsOverlap(ranking.interval, other.interval))
          .map((other) => other.vendor_id),
      })),
    },
    diagnosis: {
      ...current.diagnosis,
      causal_variants: current.diagnosis.causal_variants.map((variant) => ({
        ...variant,
        stage_deltas: variant.stage_deltas.map((entry) => ({ ...entry, delta_interval: pointInterval(entry.delta) })),
        overall_delta_interval: pointInterval(variant.overall_delta),
      })),
    },
  };
}

/** Results stored before failed models were named lack the list; it is derived from the same runs. */
function withFailedModels(results: EvaluationResults, runsOf: () => readonly RunRecord[]): EvaluationResults {
  const stored = results.scores as Partial<ScoresView>;
  if (stored.failed_models !== undefined) return results;
  return { ...results, scores: { ...results.scores, failed_models: failedModels(results.scores.models, runsOf()) } };
}

import { FUNNEL_STAGES } from '../../contracts';
import type { ReportDocument, ReportHeadline, ReportMeta, ReportStageScore } from '../../contracts/report';
import { roundUsd } from '../evaluation/cost';
import { SCORE_DEFINITIONS } from '../scoring/definitions';
import { buildComparison } from './comparison';
import { buildRootCauses, topFix } from './diagnosis';
import { STAGE_LABELS } from './format';
import { buildProfileSummaries } from './profile-summaries';
import { vendorNames, type ReportInput } from './report-input';
import { buildTraces } from './trace-excerpts';

function buildMeta(input: ReportInput): ReportMeta {
  const { evaluation, runs, results } = input;
  const failed = runs.filter((run) => run.status === 'failed').length;
  // The variant runs are not the plan's, but they were paid for.
  const billed = [...runs, ...(results.variant_runs ?? [])];
  return {
    evaluation_id: evaluation.id,
    status: evaluation.status,
    created_at: evaluation.created_at,
    started_at: evaluation.started_at,
    completed_at: evaluation.completed_at,
    generated_at: input.generatedAt.toISOString(),
    models: [...evaluation.models],
    partial: results.scores.partial || failed > 0,
    failed_models: [...results.scores.failed_models],
    runs: {
      total: runs.length,
      completed: runs.filter((run) => run.status === 'completed').length,
      failed,
    },
    cost_usd: roundUsd(billed.reduce((sum, run) => sum + (run.cost_usd ?? 0), 0)),
    tokens: {
      input_tokens: billed.reduce((sum, run) => sum + (run.usage?.input_tokens ?? 0), 0),
      output_tokens: billed.reduce((sum, run) => sum + (run.usage?.output_tokens ?? 0), 0),
    },
  };
}

function buildFunnel(input: ReportInput): ReportStageScore[] {
  const { funnel_scores: scores, funnel_intervals: intervals } = input.results.scores;
  return FUNNEL_STAGES.map((stage) => ({ stage, label: STAGE_LABELS[stage], score: scores[stage], interval: intervals[stage] }));
}

/** Strongest is the highest score; ties go to the earlier stage, for both ends. */
function extremes(funnel: readonly ReportStageScore[]): { strongest: ReportStageScore; weakest: ReportStageScore } {
  let strongest = funnel[0]!;
  let weakest = funnel[0]!;
  for (const entry of funnel) {
    if (entry.score > strongest.score) strongest = entry;
    if (entry.score < weakest.score) weakest = entry;
  }
  return { strongest, weakest };
}

export function buildReport(input: ReportInput): ReportDocument {
  const { evaluation, customer, scenario, results } = input;
  const nameOf = vendorNames(input);
  const funnel = buildFunnel(input);
  const comparison = buildComparison(input);
  const rootCauses = buildRootCauses(input, nameOf);
  const customerRanking = results.scores.vendor_rankings.find(
    (ranking) => ranking.vendor_id === evaluation.customer_vendor_id,
  );
  const { strongest, weakest } = extremes(funnel);
  const headline: ReportHeadline = {
    overall_score: results.scores.overall_score,
    overall_interval: results.scores.overall_interval,
    rank: customerRanking?.rank ?? results.scores.vendor_rankings.length,
    vendor_count: results.scores.vendor_rankings.length,
    strongest_stage: strongest,
    weakest_stage: weakest,
    top_fix: topFix(rootCauses),
  };
  return {
    meta: buildMeta(input),
    customer: {
      id: customer.id,
      name: customer.name,
      website_url: customer.website_url,
      vendor_id: evaluation.customer_vendor_id,
      vendor_name: nameOf(evaluation.customer_vendor_id),
    },
    scenario: {
      id: scenario.id,
      task: scenario.task,
      category: scenario.category,
      requirements: [...scenario.requirements],
      budget: scenario.budget,
    },
    headline,
    funnel,
    comparison,
    diagnosis: { root_causes: rootCauses, causal_variants: results.diagnosis.causal_variants },
    traces: buildTraces(input, nameOf),
    profiles: buildProfileSummaries(input, nameOf),
    definitions: SCORE_DEFINITIONS.map(({ term, scale, definition }) => ({ term, scale, definition })),
  };
}

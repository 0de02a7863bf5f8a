import type { CausalVariant, RootCause } from '../../contracts';
import type { ReportMeasuredEffect, ReportRootCause, ReportTopFix } from '../../contracts/report';
import { roundScore } from './format';
import type { ReportInput } from './report-input';

function measuredEffect(cause: RootCause, variant: CausalVariant): ReportMeasuredEffect | null {
  // A variant re-scores every stage; when it omits the cause's own stage, the
  // stage it moved most is the honest one to show.
  const stageDelta =
    variant.stage_deltas.find((delta) => delta.stage === cause.stage) ??
    [...variant.stage_deltas].sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))[0];
  if (!stageDelta) return null;
  return {
    model: variant.model,
    stage: stageDelta.stage,
    stage_baseline: stageDelta.baseline,
    stage_variant: stageDelta.variant,
    stage_delta: stageDelta.delta,
    overall_baseline: variant.overall_baseline,
    overall_variant: variant.overall_variant,
    overall_delta: variant.overall_delta,
    stage_delta_interval: stageDelta.delta_interval,
    error: variant.error ?? null,
  };
}

export function buildRootCauses(input: ReportInput, nameOf: (vendorId: string) => string): ReportRootCause[] {
  const { diagnosis } = input.results;
  const customerId = input.evaluation.customer_vendor_id;
  // The customer's causes are the recommendations, so they come first; within
  // each group the costliest first. Sorting is stable, so ties keep the diagnosis' order.
  const ordered = [...diagnosis.root_causes].sort(
    (a, b) =>
      Number(b.vendor_id === customerId) - Number(a.vendor_id === customerId) || b.points_lost - a.points_lost,
  );
  return ordered.map((cause, index) => {
    const isCustomer = cause.vendor_id === customerId;
    const variants = isCustomer ? diagnosis.causal_variants.filter((variant) => variant.code === cause.code) : [];
    return {
      priority: index + 1,
      vendor_id: cause.vendor_id,
      vendor_name: nameOf(cause.vendor_id),
      is_customer: isCustomer,
      stage: cause.stage,
      code: cause.code,
      impact: cause.impact,
      points_lost: cause.points_lost,
      issue: cause.issue,
      fix: cause.fix,
      evidence: cause.evidence.map((item) => ({ source_url: item.source_url, detail: item.detail })),
      measured_effects: variants.flatMap((variant) => measuredEffect(cause, variant) ?? []),
    };
  });
}

/** The customer's highest-priority cause, with the mean overall gain its fix measured. */
export function topFix(rootCauses: readonly ReportRootCause[]): ReportTopFix | null {
  const first = rootCauses.find((cause) => cause.is_customer);
  if (!first) return null;
  const deltas = first.measured_effects.map((effect) => effect.overall_delta);
  return {
    priority: first.priority,
    stage: first.stage,
    issue: first.issue,
    fix: first.fix,
    impact: first.impact,
    points_lost: first.points_lost,
    measured_overall_delta:
      deltas.length > 0 ? roundScore(deltas.reduce((sum, delta) => sum + delta, 0) / deltas.length) : null,
  };
}

import { FUNNEL_STAGES, type CausalVariant, type FunnelScores, type FunnelStage, type RootCause } from '../../contracts';
import { auditVendor, byStage, createAuditContext, fixFor, withProfile, type StageAudit } from '../audit';
import type { ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { overallScore, round1 } from './funnel';
import { pointInterval } from './intervals';

export const MAX_VARIANTS = 5;
const VARIANT_MODEL = 'rules';

/** Rules-audit stage scores on 0 to 100. */
export function funnelScoresOf(audit: Record<FunnelStage, StageAudit>): FunnelScores {
  return byStage((stage) => round1(audit[stage].score * 10));
}

export interface VariantInput {
  scenario: ScenarioRecord;
  customer: AgentVendor;
  vendors: AgentVendor[];
  /** The rules agent's stage scores of the unchanged profile, so a delta is the fix's effect alone. */
  baseline: FunnelScores;
  /** The diagnosis, highest impact first. */
  causes: RootCause[];
}

/**
 * For the customer's top causes that have a fix (one variant per cause code,
 * at most MAX_VARIANTS): apply the fix to the profile, score all five stages
 * again with the rules audit against the same competitors, and report every
 * stage's delta, the unmoved ones included.
 */
export function causalVariants(input: VariantInput): CausalVariant[] {
  const codes: string[] = [];
  for (const cause of input.causes) {
    if (cause.vendor_id !== input.customer.id || codes.includes(cause.code) || !fixFor(cause.code)) continue;
    codes.push(cause.code);
    if (codes.length === MAX_VARIANTS) break;
  }
  const ctx = createAuditContext(input.scenario, input.customer, input.vendors);
  return codes.map((code) => {
    const fix = fixFor(code)!;
    const profile = fix.apply(ctx);
    const customer = { ...input.customer, profile };
    const variant = funnelScoresOf(auditVendor(input.scenario, customer, withProfile(input.vendors, customer.id, profile)));
    const overallBaseline = overallScore(input.baseline);
    const overallVariant = overallScore(variant);
    return {
      code,
      fix: fix.describe(ctx),
      model: VARIANT_MODEL,
      stage_deltas: FUNNEL_STAGES.map((stage) => ({
        stage,
        baseline: input.baseline[stage],
        variant: variant[stage],
        delta: round1(variant[stage] - input.baseline[stage]),
        // The rules audit is deterministic: one sample on each side, so the delta is exact.
        delta_interval: pointInterval(round1(variant[stage] - input.baseline[stage])),
      })),
      overall_baseline: overallBaseline,
      overall_variant: overallVariant,
      overall_delta: round1(overallVariant - overallBaseline),
      overall_delta_interval: pointInterval(round1(overallVariant - overallBaseline)),
    };
  });
}

export interface Counterfactual {
  /** The fix in words. */
  fix: string;
  /** The customer with the fix applied to its profile. */
  customer: AgentVendor;
  /** Every vendor of the evaluation, the customer carrying the fixed profile. */
  vendors: AgentVendor[];
}

/** The evaluation's vendors as they would read with one root cause of the customer fixed; null when the cause has no fix. */
export function counterfactualOf(scenario: ScenarioRecord, customer: AgentVendor, vendors: AgentVendor[], code: string): Counterfactual | null {
  const fix = fixFor(code);
  if (!fix) return null;
  const ctx = createAuditContext(scenario, customer, vendors);
  const profile = fix.apply(ctx);
  return { fix: fix.describe(ctx), customer: { ...customer, profile }, vendors: withProfile(vendors, customer.id, profile) };
}

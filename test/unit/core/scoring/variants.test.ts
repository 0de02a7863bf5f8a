import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES, type CausalVariant } from '../../../../server/contracts';
import type { AgentVendor } from '../../../../server/core/ports';
import { computeResults } from '../../../../server/core/scoring/results';
import { MAX_VARIANTS } from '../../../../server/core/scoring/variants';
import { agentVendor, EMAIL_REQUIREMENTS, EMAIL_TASK, mailCraneProfile, postBirdProfile, scenarioOf, sendGiantProfile } from '../../../support/profiles';
import { flatRuns, rulesRuns } from './runs';

const scenario = scenarioOf(EMAIL_TASK, 'email_api', EMAIL_REQUIREMENTS);

function vendors(): AgentVendor[] {
  return [agentVendor('SendGiant', sendGiantProfile(), true), agentVendor('MailCrane', mailCraneProfile()), agentVendor('PostBird', postBirdProfile())];
}

async function results(field = vendors()) {
  return computeResults({ evaluationId: 'e', customerVendorId: 'sendgiant', vendors: field, scenario, models: ['rules'], runs: await rulesRuns(scenario, field), now: new Date(0) });
}

const delta = (variant: CausalVariant, stage: string) => variant.stage_deltas.find((item) => item.stage === stage)!.delta;

describe('causal variants', () => {
  it("re-score the customer's top fixable causes, one variant per cause, at most five", async () => {
    const { diagnosis } = await results();
    const variants = diagnosis.causal_variants;
    const ownCodes = diagnosis.root_causes.filter((cause) => cause.vendor_id === 'sendgiant').map((cause) => cause.code);
    expect(variants.length).toBe(MAX_VARIANTS);
    expect(new Set(variants.map((variant) => variant.code)).size).toBe(variants.length);
    for (const variant of variants) {
      expect(ownCodes).toContain(variant.code);
      expect(variant.model).toBe('rules');
      expect(variant.stage_deltas.map((item) => item.stage)).toEqual([...FUNNEL_STAGES]);
    }
    // the first variant is the fix of the highest customer cause that has one
    expect(variants[0]!.code).toBe(ownCodes[0]);
  });

  it('raise every stage the fix touches: publishing prices lifts comprehension, preference and completion', async () => {
    const { scores, diagnosis } = await results();
    const pricing = diagnosis.causal_variants.find((variant) => variant.code === 'pricing_not_published')!;
    expect(pricing.fix).toContain('adds an entry plan at 20 USD per month');
    expect(delta(pricing, 'comprehension')).toBeGreaterThan(0);
    expect(delta(pricing, 'preference')).toBe(30);
    expect(delta(pricing, 'completion')).toBe(20);
    expect(delta(pricing, 'consideration')).toBe(0);
    expect(delta(pricing, 'executability')).toBe(0);
    // with only the rules agent measured, the baseline is the measured score
    for (const item of pricing.stage_deltas) {
      expect(item.baseline).toBe(scores.funnel_scores[item.stage]);
      expect(item.delta).toBeCloseTo(item.variant - item.baseline, 5);
    }
    expect(pricing.overall_baseline).toBe(scores.overall_score);
    expect(pricing.overall_delta).toBeCloseTo(pricing.overall_variant - pricing.overall_baseline, 5);
    expect(pricing.overall_delta).toBeGreaterThan(0);
  });

  it('measure from the rules baseline even when other models ran, so the delta is the fix alone', async () => {
    const field = vendors();
    const llmRuns = field.flatMap((vendor) => flatRuns(vendor, 'openai:gpt-4o-mini', 5));
    const { scores, diagnosis } = computeResults({ evaluationId: 'e', customerVendorId: 'sendgiant', vendors: field, scenario, models: ['openai:gpt-4o-mini'], runs: llmRuns, now: new Date(0) });
    const fromRules = (await results(field)).diagnosis.causal_variants;
    expect(scores.funnel_scores.consideration).toBe(50);
    expect(diagnosis.causal_variants).toEqual(fromRules);
  });

  it('leave a vendor with nothing to fix without variants', async () => {
    const field = [agentVendor('MailCrane', mailCraneProfile(), true), agentVendor('PostBird', postBirdProfile())];
    const { diagnosis } = computeResults({ evaluationId: 'e', customerVendorId: 'mailcrane', vendors: field, scenario, models: ['rules'], runs: await rulesRuns(scenario, field), now: new Date(0) });
    expect(diagnosis.causal_variants).toEqual([]);
  });
});

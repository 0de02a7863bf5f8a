import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES, type RootCause } from '../../../../server/contracts';
import type { AgentVendor } from '../../../../server/core/ports';
import { COMPETITOR_LEADS, impactOf } from '../../../../server/core/scoring/diagnosis';
import { computeResults } from '../../../../server/core/scoring/results';
import {
  agentVendor,
  EMAIL_REQUIREMENTS,
  EMAIL_TASK,
  mailCraneProfile,
  postBirdProfile,
  profileOf,
  scenarioOf,
  sendGiantProfile,
} from '../../../support/profiles';
import { flatRuns, rulesRuns } from './runs';

const scenario = scenarioOf(EMAIL_TASK, 'email_api', EMAIL_REQUIREMENTS);

function field(customerProfile = postBirdProfile(), customerName = 'PostBird'): AgentVendor[] {
  return [agentVendor(customerName, customerProfile, true), agentVendor('MailCrane', mailCraneProfile()), agentVendor('SendGiant', sendGiantProfile())];
}

async function diagnose(vendors: AgentVendor[]) {
  const customer = vendors[0]!;
  const results = computeResults({
    evaluationId: 'eval-1',
    customerVendorId: customer.id,
    vendors,
    scenario,
    models: ['rules'],
    runs: await rulesRuns(scenario, vendors),
    now: new Date(0),
  });
  return results.diagnosis;
}

const key = (cause: RootCause) => `${cause.stage}/${cause.code}`;

describe('diagnosis', () => {
  it('grades impact by the points a cause costs', () => {
    expect([impactOf(30), impactOf(20), impactOf(19.9), impactOf(10), impactOf(9.9)]).toEqual(['high', 'high', 'medium', 'medium', 'low']);
  });

  it("lists the customer's unmet checks by points lost, then funnel order, with their stage points", async () => {
    const { root_causes: causes } = await diagnose(field());
    const own = causes.filter((cause) => cause.vendor_id === 'postbird');

    for (let i = 1; i < causes.length; i += 1) {
      const [before, after] = [causes[i - 1]!, causes[i]!];
      expect(before.points_lost).toBeGreaterThanOrEqual(after.points_lost);
      if (before.points_lost === after.points_lost) {
        expect(FUNNEL_STAGES.indexOf(before.stage)).toBeLessThanOrEqual(FUNNEL_STAGES.indexOf(after.stage));
      }
    }
    for (const cause of causes) expect(cause.impact).toBe(impactOf(cause.points_lost));

    const byKey = new Map(own.map((cause) => [key(cause), cause]));
    // over budget: 3 points x (1 - 0.4 x 20/65) x 10
    expect(byKey.get('preference/price_over_budget')?.points_lost).toBeCloseTo(26.3, 1);
    expect(byKey.get('preference/price_over_budget')?.impact).toBe('high');
    expect(byKey.get('preference/price_over_budget')?.issue).toContain('MailCrane shows Starter at 20 USD per month, within it');
    // no sandbox: 1 point
    expect(byKey.get('executability/no_sandbox')).toMatchObject({ points_lost: 10, impact: 'medium' });
    // one SDK: 0.3 of 1 point
    expect(byKey.get('executability/no_sdks')).toMatchObject({ points_lost: 3, impact: 'low' });
    expect(byKey.get('completion/no_free_tier_or_trial')?.points_lost).toBe(10);
    expect(byKey.has('completion/pricing_not_published')).toBe(false);
  });

  it('carries evidence with each cause: quotes where there are some, the observation otherwise', async () => {
    const { root_causes: causes } = await diagnose(field());
    const price = causes.find((cause) => cause.code === 'price_over_budget')!;
    expect(price.evidence).toEqual([{ source_url: 'https://postbird.example/pricing', detail: 'Basic: $65 per month.' }]);
    const sandbox = causes.find((cause) => cause.code === 'no_sandbox')!;
    expect(sandbox.evidence).toEqual([{ source_url: 'https://postbird.example/', detail: 'No sandbox or test mode was found.' }]);
  });

  it('names a competitor that leads a stage decisively, with the checks that make the difference', async () => {
    const vendors = [agentVendor('SendGiant', sendGiantProfile(), true), agentVendor('MailCrane', mailCraneProfile()), agentVendor('PostBird', postBirdProfile())];
    const { root_causes: causes } = await diagnose(vendors);
    const lead = causes.find((cause) => cause.code === COMPETITOR_LEADS && cause.stage === 'completion')!;
    expect(lead.vendor_id).toBe('mailcrane');
    expect(lead.issue).toMatch(/^MailCrane leads completion by 100 points \(100 against 0\): on self-serve signup, MailCrane earns 3\/3/);
    // three widest gaps: signup 3, then two of 2 points each
    expect(lead.points_lost).toBe(70);
    expect(lead.fix).toContain('Offer a signup form');
    expect(causes.filter((cause) => cause.code === COMPETITOR_LEADS).every((cause) => cause.vendor_id === 'mailcrane')).toBe(true);
  });

  it('finds nothing for a customer that passes every check and leads every stage', async () => {
    const close = profileOf('twin', 'https://twin.example/').build();
    const vendors = [agentVendor('MailCrane', mailCraneProfile(), true), agentVendor('Twin', close)];
    const { root_causes: causes } = await diagnose(vendors);
    expect(causes).toEqual([]);
  });

  it('explains a model-measured lead the checks cannot see as such, costing the whole lead', () => {
    const vendors = [agentVendor('PostBird', postBirdProfile(), true), agentVendor('Twin', postBirdProfile())].map((vendor, index) =>
      index === 1 ? { ...vendor, id: 'twin', profile: { ...vendor.profile, vendor_id: 'twin' } } : vendor,
    );
    const runs = [...flatRuns(vendors[0]!, 'openai:gpt-4o-mini', 4), ...flatRuns(vendors[1]!, 'openai:gpt-4o-mini', 7)];
    const { diagnosis } = computeResults({ evaluationId: 'e', customerVendorId: 'postbird', vendors, scenario, models: ['openai:gpt-4o-mini'], runs, now: new Date(0) });
    const leads = diagnosis.root_causes.filter((cause) => cause.code === COMPETITOR_LEADS);
    expect(leads).toHaveLength(5);
    expect(leads[0]).toMatchObject({ vendor_id: 'twin', points_lost: 30, impact: 'high' });
    expect(leads[0]!.issue).toContain('the rules checks find no difference');
  });

  it('rests on the rules audit whatever models ran', async () => {
    const vendors = field();
    const fromRules = await diagnose(vendors);
    const llmRuns = vendors.flatMap((vendor) => flatRuns(vendor, 'gemini:gemini-2.0-flash', 5));
    const fromModel = computeResults({ evaluationId: 'eval-1', customerVendorId: 'postbird', vendors, scenario, models: ['gemini:gemini-2.0-flash'], runs: llmRuns, now: new Date(0) }).diagnosis;
    const own = (causes: RootCause[]) => causes.filter((cause) => cause.code !== COMPETITOR_LEADS);
    expect(own(fromModel.root_causes)).toEqual(own(fromRules.root_causes));
    expect(fromModel.causal_variants).toEqual(fromRules.causal_variants);
  });

  it('reduces an unreadable site to one cause per stage', async () => {
    const down = profileOf('downco').unreachable('The home page could not be reached: connection refused.').build();
    const { root_causes: causes, causal_variants: variants } = await diagnose(field(down, 'DownCo'));
    const own = causes.filter((cause) => cause.vendor_id === 'downco');
    expect(own.map((cause) => [cause.stage, cause.code, cause.points_lost, cause.impact])).toEqual(
      FUNNEL_STAGES.map((stage) => [stage, 'site_unreachable', 100, 'high']),
    );
    expect(own[0]!.issue).toBe('The website could not be read: The home page could not be reached: connection refused.');
    expect(variants).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES, type VendorProfile } from '../../../../server/contracts';
import { auditVendor, createAuditContext, withProfile } from '../../../../server/core/audit';
import { fixFor } from '../../../../server/core/audit/fixes';
import { agentVendor, mailCraneProfile, postBirdProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { emailScenario } from './run-check';

const bare = () => profileOf('bare').home('', '').build();

describe('cause fixes', () => {
  it.each([
    ['SendGiant', sendGiantProfile],
    ['PostBird', postBirdProfile],
    ['Bare', bare],
  ] as Array<[string, () => VendorProfile]>)('remove every cause they fix from the audit of %s', (name, build) => {
    const scenario = emailScenario();
    const vendors = [agentVendor(name, build(), true), agentVendor('MailCrane', mailCraneProfile())];
    const customer = vendors[0]!;
    const audit = auditVendor(scenario, customer, vendors);
    const causes = new Set(FUNNEL_STAGES.flatMap((stage) => audit[stage].checks.flatMap((check) => (check.cause ? [check.cause] : []))));
    const fixable = [...causes].filter((cause) => fixFor(cause));
    expect(fixable.length).toBeGreaterThan(0);

    for (const cause of fixable) {
      const fixed = fixFor(cause)!.apply(createAuditContext(scenario, customer, vendors));
      const after = auditVendor(scenario, { ...customer, profile: fixed }, withProfile(vendors, customer.id, fixed));
      const remaining = FUNNEL_STAGES.flatMap((stage) => after[stage].checks.filter((check) => check.cause === cause).map((check) => check.code));
      expect(remaining, `${cause} still reported by`).toEqual([]);
    }
  });

  it('publish a price at the middle of the competitors entry prices, within the budget', () => {
    const vendors = [agentVendor('SendGiant', sendGiantProfile(), true), agentVendor('MailCrane', mailCraneProfile()), agentVendor('PostBird', postBirdProfile())];
    const ctx = createAuditContext(emailScenario(), vendors[0]!, vendors);
    const fix = fixFor('pricing_not_published')!;
    // entry prices 20 and 65: the lower middle is 20
    expect(fix.describe(ctx)).toBe(
      "Publish prices: the variant adds an entry plan at 20 USD per month (the middle of the competitors' entry prices) on https://sendgiant.example/pricing.",
    );
    expect(fix.apply(ctx).pricing.plans[0]).toMatchObject({ name: 'Starter', price: 20, currency: 'USD', period: 'month' });
  });

  it('leave the original profile untouched', () => {
    const profile = sendGiantProfile();
    const before = structuredClone(profile);
    const vendors = [agentVendor('SendGiant', profile, true), agentVendor('MailCrane', mailCraneProfile())];
    const ctx = createAuditContext(emailScenario(), vendors[0]!, vendors);
    for (const cause of ['pricing_not_published', 'requirements_not_covered', 'documentation_missing', 'no_self_serve_signup', 'positioning_unclear']) {
      fixFor(cause)!.apply(ctx);
    }
    expect(profile).toEqual(before);
  });

  it('are not offered for causes no profile change can model', () => {
    expect(fixFor('site_unreachable')).toBeNull();
    expect(fixFor('features_not_listed')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES } from '../../../../server/contracts';
import { auditVendor, SITE_UNREACHABLE, STAGE_CHECKS } from '../../../../server/core/audit';
import { agentVendor, mailCraneProfile, postBirdProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { emailScenario } from './run-check';

describe('the checks of the audit', () => {
  it.each(FUNNEL_STAGES)('of %s have points that sum to 10', (stage) => {
    expect(STAGE_CHECKS[stage].reduce((sum, check) => sum + check.points, 0)).toBe(10);
    expect(STAGE_CHECKS[stage].every((check) => check.stage === stage)).toBe(true);
  });

  it('have codes unique across the funnel', () => {
    const codes = FUNNEL_STAGES.flatMap((stage) => STAGE_CHECKS[stage].map((check) => check.code));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('give a vendor whose site could not be read nothing at any stage, saying why', () => {
    const down = profileOf('downco').unreachable('The home page could not be reached: connection refused.').build();
    const vendors = [agentVendor('DownCo', down, true), agentVendor('MailCrane', mailCraneProfile())];
    const audit = auditVendor(emailScenario(), vendors[0]!, vendors);
    for (const stage of FUNNEL_STAGES) {
      expect(audit[stage].score).toBe(0);
      for (const check of audit[stage].checks) {
        expect(check.cause).toBe(SITE_UNREACHABLE);
        expect(check.issue).toBe('The website could not be read: The home page could not be reached: connection refused.');
      }
    }
  });

  it('give the strong fixture full marks at every stage', () => {
    const vendors = [agentVendor('MailCrane', mailCraneProfile(), true), agentVendor('Other', profileOf('other').build())];
    const audit = auditVendor(emailScenario(), vendors[0]!, vendors);
    const lost = FUNNEL_STAGES.flatMap((stage) => audit[stage].checks.filter((check) => check.earned < 1).map((check) => check.code));
    expect(lost).toEqual([]);
    expect(FUNNEL_STAGES.map((stage) => audit[stage].score)).toEqual([10, 10, 10, 10, 10]);
  });

  it('say what is wrong and how to fix it whenever they fall short', () => {
    const profiles = [
      sendGiantProfile(),
      postBirdProfile(),
      profileOf('bare').build(),
      profileOf('down').unreachable().build(),
      profileOf('broken').home('', '').problem({ url: 'https://broken.example/', kind: 'timeout', detail: 'no answer in 10 s' }).build(),
    ];
    for (const profile of profiles) {
      const vendors = [agentVendor('Acme', profile, true), agentVendor('MailCrane', mailCraneProfile())];
      const audit = auditVendor(emailScenario(), vendors[0]!, vendors);
      for (const check of FUNNEL_STAGES.flatMap((stage) => audit[stage].checks).filter((result) => result.earned < 1)) {
        expect(check.cause, `${profile.vendor_id} ${check.code}`).toBeTruthy();
        expect(check.issue, `${profile.vendor_id} ${check.code}`).toBeTruthy();
        expect(check.fix, `${profile.vendor_id} ${check.code}`).toBeTruthy();
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { mailCraneProfile, postBirdProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { checkResult } from './run-check';

const field = { competitors: [['MailCrane', mailCraneProfile()]] as Array<[string, ReturnType<typeof mailCraneProfile>]>, name: 'SendGiant' };

describe('completion checks', () => {
  it('pass in full for a vendor an agent can buy on its own', () => {
    for (const code of ['public_pricing', 'self_serve_signup', 'online_checkout', 'no_sales_gate', 'free_start']) {
      expect(checkResult('completion', code, mailCraneProfile()).earned, code).toBe(1);
    }
  });

  it('fail one by one for a sales-gated vendor, each naming what is missing and who does better', () => {
    const gated = sendGiantProfile();
    expect(checkResult('completion', 'public_pricing', gated, field).issue).toBe(
      'https://sendgiant.example/pricing shows no price, so an agent cannot tell what it would be committing to; MailCrane shows its prices.',
    );
    expect(checkResult('completion', 'self_serve_signup', gated, field).issue).toBe(
      'No way to create an account without talking to someone was found on https://sendgiant.example/; MailCrane has a signup form.',
    );
    expect(checkResult('completion', 'online_checkout', gated, field).cause).toBe('no_online_checkout');
    const gate = checkResult('completion', 'no_sales_gate', gated, field);
    expect(gate).toMatchObject({ earned: 0, cause: 'sales_gate' });
    expect(gate.issue).toBe(
      'Buying SendGiant requires talking to sales ("Book a demo with our sales team to get started.", https://sendgiant.example/); an agent cannot book a call on the buyer\'s behalf; MailCrane can be bought online.',
    );
    expect(checkResult('completion', 'free_start', gated, field).cause).toBe('no_free_tier_or_trial');
  });

  it('free_start accepts a trial as well as a free tier', () => {
    expect(checkResult('completion', 'free_start', profileOf('acme').freeTrial(30).build()).earned).toBe(1);
    expect(checkResult('completion', 'free_start', postBirdProfile()).earned).toBe(0);
  });

  it('public_pricing counts a free plan as a public price', () => {
    expect(checkResult('completion', 'public_pricing', profileOf('acme').plan({ name: 'Hobby', price: 0 }).build()).earned).toBe(1);
  });
});

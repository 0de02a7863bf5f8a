import { describe, expect, it } from 'vitest';
import { mailCraneProfile, postBirdProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { checkResult, emailScenario } from './run-check';

const withPlans = (id: string, ...plans: Array<{ name: string; price: number | null; currency?: string; period?: 'month' | 'year' | 'usage' }>) => {
  const builder = profileOf(id).home(id, 'An email API.');
  for (const plan of plans) builder.plan(plan);
  return builder.build();
};

describe('preference checks', () => {
  describe('coverage_vs_best', () => {
    it('scores the same profile by the field it competes in', () => {
      const profile = profileOf('acme').features('Email templates', 'Webhooks for delivery events').build();
      const againstStrong = checkResult('preference', 'coverage_vs_best', profile, { competitors: [['MailCrane', mailCraneProfile()]] });
      const againstWeak = checkResult('preference', 'coverage_vs_best', profile, { competitors: [['SendGiant', sendGiantProfile()]] });
      expect(againstStrong.earned).toBeCloseTo(0.5);
      expect(againstStrong.issue).toBe(
        'MailCrane shows 100% of the requirements on its site; Acme shows 50% (not shown: "Open and click tracking" and "Dedicated IP").',
      );
      expect(againstWeak.earned).toBe(1);
    });

    it('gives nothing when no vendor shows any requirement', () => {
      const bare = profileOf('acme').home('Acme', 'x').build();
      expect(checkResult('preference', 'coverage_vs_best', bare, { competitors: [['SendGiant', sendGiantProfile()]], scenario: emailScenario(['SOC 2 report']) }).earned).toBe(0);
    });
  });

  describe('price_vs_budget', () => {
    it('passes for the cheapest plan within the budget', () => {
      const result = checkResult('preference', 'price_vs_budget', mailCraneProfile(), { competitors: [['PostBird', postBirdProfile()]] });
      expect(result.earned).toBe(1);
      expect(result.observation).toBe(
        'Entry plan: Starter at 20 USD per month; budget 50 USD per month: fits; cheapest competitor: PostBird, Basic at 65 USD per month.',
      );
    });

    it('gives nothing without a public price, naming the budget and a competitor that fits it', () => {
      const result = checkResult('preference', 'price_vs_budget', sendGiantProfile(), {
        competitors: [['MailCrane', mailCraneProfile()], ['PostBird', postBirdProfile()]],
        name: 'SendGiant',
      });
      expect(result).toMatchObject({ earned: 0, cause: 'pricing_not_published' });
      expect(result.issue).toBe(
        'https://sendgiant.example/pricing shows no price, so an agent cannot show that SendGiant fits the budget of 50 USD per month; MailCrane shows Starter at 20 USD per month.',
      );
    });

    it('gives only the price-competitiveness share when over budget, naming the competitor within it', () => {
      const result = checkResult('preference', 'price_vs_budget', postBirdProfile(), { competitors: [['MailCrane', mailCraneProfile()]], name: 'PostBird' });
      expect(result.cause).toBe('price_over_budget');
      expect(result.earned).toBeCloseTo(0.4 * (20 / 65));
      expect(result.issue).toBe(
        'The cheapest plan of PostBird, Basic at 65 USD per month, is above the budget of 50 USD per month; MailCrane shows Starter at 20 USD per month, within it.',
      );
    });

    it('converts a yearly price to the monthly budget', () => {
      const yearly = withPlans('yearly', { name: 'Annual', price: 240, period: 'year' });
      expect(checkResult('preference', 'price_vs_budget', yearly, { competitors: [['MailCrane', mailCraneProfile()]] }).earned).toBe(1);
      const dearer = withPlans('dearer', { name: 'Annual', price: 480, period: 'year' });
      const result = checkResult('preference', 'price_vs_budget', dearer, { competitors: [['MailCrane', mailCraneProfile()]], name: 'Dearer' });
      expect(result.issue).toBe(
        "Dearer's entry plan, Annual at 480 USD per year, costs more than MailCrane's Starter at 20 USD per month (40 USD per month against 20 USD per month).",
      );
    });

    it('loses the competitive share in proportion when a competitor is cheaper within budget', () => {
      const pricier = withPlans('pricier', { name: 'Team', price: 40 });
      const result = checkResult('preference', 'price_vs_budget', pricier, { competitors: [['MailCrane', mailCraneProfile()]], name: 'pricier' });
      expect(result.cause).toBe('price_above_competitors');
      expect(result.earned).toBeCloseTo(0.6 + 0.4 * (20 / 40));
      expect(result.issue).toBe("pricier's entry plan, Team at 40 USD per month, costs more than MailCrane's Starter at 20 USD per month.");
    });

    it('cannot set a price in another currency against the budget', () => {
      const euro = withPlans('euro', { name: 'Start', price: 30, currency: 'EUR' });
      const result = checkResult('preference', 'price_vs_budget', euro, { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.cause).toBe('price_not_comparable');
      expect(result.earned).toBeCloseTo(0.3 + 0.2);
    });

    it('without a budget, rewards a public price and compares it with the others', () => {
      const scenario = emailScenario(undefined, 'Find a transactional email API');
      const result = checkResult('preference', 'price_vs_budget', postBirdProfile(), { scenario, competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.earned).toBeCloseTo(0.6 + 0.4 * (20 / 65));
      expect(result.cause).toBe('price_above_competitors');
    });
  });

  describe('docs_vs_best', () => {
    it('is the share of the best competitor documentation score', () => {
      const result = checkResult('preference', 'docs_vs_best', postBirdProfile(), { competitors: [['MailCrane', mailCraneProfile()]], name: 'PostBird' });
      // PostBird: 25 + 20 quickstart + 10 for two pages = 55; MailCrane 100
      expect(result.earned).toBeCloseTo(0.55);
      expect(result.issue).toBe("MailCrane's documentation scores 100/100 against 55/100 for PostBird.");
    });
  });

  describe('free_start_vs_field', () => {
    it('fails only when a competitor lets agents start free', () => {
      const noFree = postBirdProfile();
      expect(checkResult('preference', 'free_start_vs_field', noFree, { competitors: [['SendGiant', sendGiantProfile()]] }).earned).toBe(1);
      const result = checkResult('preference', 'free_start_vs_field', noFree, { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.earned).toBe(0);
      expect(result.issue).toBe('MailCrane lets an agent start with a free tier; https://postbird.example/pricing offers neither a free tier nor a trial.');
      expect(result.evidence).toEqual([{ source_url: 'https://mailcrane.example/pricing', quote: 'Free: Free forever.' }]);
    });
  });
});

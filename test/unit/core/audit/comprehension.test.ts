import { describe, expect, it } from 'vitest';
import { mailCraneProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { checkResult, emailScenario } from './run-check';

describe('comprehension checks', () => {
  describe('pricing_readable', () => {
    it('passes with priced plans and lists them', () => {
      const result = checkResult('comprehension', 'pricing_readable', mailCraneProfile());
      expect(result.earned).toBe(1);
      expect(result.observation).toBe('3 plans with a price: Free: free, Starter: 20 USD per month and Pro: 80 USD per month.');
      expect(result.evidence[1]).toEqual({ source_url: 'https://mailcrane.example/pricing', quote: 'Starter: $20 per month.' });
    });

    it('gives a little for a pricing page that asks buyers to contact sales, naming the page and a competitor that publishes', () => {
      const result = checkResult('comprehension', 'pricing_readable', sendGiantProfile(), { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.earned).toBe(0.25);
      expect(result.cause).toBe('pricing_not_published');
      expect(result.issue).toBe(
        'The pricing page https://sendgiant.example/pricing asks buyers to contact sales instead of showing prices; MailCrane publishes its prices.',
      );
    });

    it('gives nothing when no pricing page exists', () => {
      const result = checkResult('comprehension', 'pricing_readable', profileOf('acme').home('Acme', 'x').build());
      expect(result.earned).toBe(0);
      expect(result.issue).toContain('No pricing page was found on https://acme.example/');
    });
  });

  describe('features_listed', () => {
    it('scores the number of features against five', () => {
      expect(checkResult('comprehension', 'features_listed', profileOf('acme').features('A', 'B').build()).earned).toBeCloseTo(0.4);
      expect(checkResult('comprehension', 'features_listed', mailCraneProfile()).earned).toBe(1);
    });
  });

  describe('requirement_coverage', () => {
    it('is the share of requirements shown, naming those not shown and the partly shown words', () => {
      const profile = profileOf('acme').features('Email templates', 'Delivery webhooks').build();
      const result = checkResult('comprehension', 'requirement_coverage', profile, { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.earned).toBeCloseTo(1.5 / 4);
      expect(result.observation).toBe('Covers 1 of 4 requirements, 1 more partly.');
      expect(result.issue).toBe(
        'https://acme.example/ does not show that Acme meets "Webhooks for delivery events" (only webhooks, delivery found), "Open and click tracking" and "Dedicated IP"; MailCrane covers more of them.',
      );
      expect(result.evidence.map((item) => item.quote)).toEqual(['Email templates', 'Delivery webhooks']);
    });

    it('holds the vendor to the needs the task and category imply when no requirements are listed', () => {
      const profile = profileOf('acme').features('Email sending over SMTP').build();
      const result = checkResult('comprehension', 'requirement_coverage', profile, { scenario: emailScenario([]) });
      expect(result.observation).toBe('Covers 1 of 3 needs implied by the task and category.');
      expect(result.issue).toContain('"api" and "transactional"');
    });
  });

  describe('docs_readable', () => {
    it('reports missing documentation as its own cause', () => {
      const result = checkResult('comprehension', 'docs_readable', sendGiantProfile(), { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result).toMatchObject({ earned: 0, cause: 'documentation_missing' });
      expect(result.issue).toBe('No documentation was found from https://sendgiant.example/; MailCrane publishes docs.');
    });

    it('scores what the docs hold and names what they lack', () => {
      const profile = profileOf('acme').docs({ quickstart: true, pages: 1 }).build();
      const result = checkResult('comprehension', 'docs_readable', profile);
      // 25 found + 20 quickstart + 5 for one page
      expect(result.earned).toBeCloseTo(0.5);
      expect(result.issue).toBe('The documentation at https://acme.example/docs has no code samples, no API reference and only 1 page.');
      expect(checkResult('comprehension', 'docs_readable', mailCraneProfile()).earned).toBe(1);
    });
  });
});

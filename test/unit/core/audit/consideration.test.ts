import { describe, expect, it } from 'vitest';
import { mailCraneProfile, profileOf } from '../../../support/profiles';
import { checkResult } from './run-check';

describe('consideration checks', () => {
  describe('site_readable', () => {
    it('passes when every page was read', () => {
      expect(checkResult('consideration', 'site_readable', mailCraneProfile()).earned).toBe(1);
    });

    it('loses points for pages that failed, naming them', () => {
      const profile = profileOf('acme')
        .home('Acme', 'Acme sends email.')
        .problem({ url: 'https://acme.example/pricing', kind: 'http_error', detail: 'HTTP 503' })
        .build();
      const result = checkResult('consideration', 'site_readable', profile);
      expect(result.earned).toBe(0.6);
      expect(result.cause).toBe('site_partly_unreadable');
      expect(result.issue).toContain('https://acme.example/pricing (HTTP 503)');
    });

    it('does not count the crawl reaching its page bound as a failure', () => {
      const profile = profileOf('acme')
        .home('Acme', 'Acme sends email.')
        .problem({ url: 'https://acme.example/blog/99', kind: 'page_limit', detail: 'page bound reached' })
        .build();
      expect(checkResult('consideration', 'site_readable', profile).earned).toBe(1);
    });
  });

  describe('task_relevance', () => {
    it('passes when the title, description or features carry the task words', () => {
      expect(checkResult('consideration', 'task_relevance', mailCraneProfile()).earned).toBe(1);
    });

    it('gives less for words found only deep in page text and names the words and a competitor that says them', () => {
      const builder = profileOf('acme').home('Acme', 'Messaging for modern teams.');
      builder.say('/docs', 'Our email API sends transactional messages.', 'docs');
      const result = checkResult('consideration', 'task_relevance', builder.build(), { competitors: [['MailCrane', mailCraneProfile()]] });
      // "email", "api" and "transactional" all only in page text: 3 x 0.6 of 3
      expect(result.earned).toBeCloseTo(0.6);
      expect(result.issue).toContain('"email", "api" and "transactional"');
      expect(result.issue).toContain('MailCrane says so');
      expect(result.fix).toContain('Acme is a transactional email api');
    });

    it('gives nothing for a site about something else', () => {
      const profile = profileOf('acme').home('Acme Bakery', 'Fresh bread every morning in Lyon.').build();
      const result = checkResult('consideration', 'task_relevance', profile);
      expect(result.earned).toBe(0);
      expect(result.issue).toContain('appear nowhere on the site');
    });
  });

  describe('clear_positioning', () => {
    it('names what the home page lacks', () => {
      const profile = profileOf('acme').build();
      const result = checkResult('consideration', 'clear_positioning', profile);
      expect(result.earned).toBe(0);
      expect(result.issue).toBe(
        'The home page (https://acme.example/) has no title, has no meta description and does not say it is a transactional email api in its title or description.',
      );
    });

    it('gives part credit for a short description that says what the product is', () => {
      const profile = profileOf('acme').home('Acme', 'An email API.').build();
      // title 0.3 + short description 0.15 + says what it is 0.4
      const result = checkResult('consideration', 'clear_positioning', profile);
      expect(result.earned).toBeCloseTo(0.85);
      expect(result.issue).toBe('The home page (https://acme.example/) has a description of only 13 characters.');
    });
  });

  describe('ai_agents_allowed', () => {
    it('fails when robots.txt blocks AI agents, naming them and the file', () => {
      const profile = profileOf('acme').home('Acme', 'Email API').site({ robots_txt: true, ai_agents_blocked: ['GPTBot', 'ClaudeBot'] }).build();
      const result = checkResult('consideration', 'ai_agents_allowed', profile);
      expect(result).toMatchObject({ earned: 0, cause: 'ai_agents_blocked' });
      expect(result.issue).toBe('https://acme.example/robots.txt disallows the whole site to GPTBot and ClaudeBot, so agents built on them skip Acme.');
    });

    it('passes without a robots.txt', () => {
      expect(checkResult('consideration', 'ai_agents_allowed', profileOf('acme').home('Acme', 'x').build()).earned).toBe(1);
    });
  });

  describe('machine_readable', () => {
    it('weighs llms.txt, structured data and a sitemap', () => {
      const profile = profileOf('acme').home('Acme', 'x').site({ sitemap: true }).build();
      const result = checkResult('consideration', 'machine_readable', profile, { competitors: [['MailCrane', mailCraneProfile()]] });
      expect(result.earned).toBeCloseTo(0.3);
      expect(result.issue).toContain('llms.txt');
      expect(result.issue).toContain('MailCrane publishes an llms.txt');
      expect(checkResult('consideration', 'machine_readable', mailCraneProfile()).earned).toBe(1);
    });
  });
});

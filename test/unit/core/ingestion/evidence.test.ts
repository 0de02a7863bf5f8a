import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../server/contracts';
import { evidenceOfMatch, evidenceOfPassage, MAX_QUOTE, quoteAround } from '../../../../server/core/ingestion/evidence';

function page(text: string): Page {
  return {
    url: 'https://a.test/', final_url: 'https://a.test/', kind: 'docs', http_status: 200, content_type: 'text/html', title: '',
    bytes: 0, duration_ms: 0, redirects: [], truncated: false, text,
  };
}

describe('quoting a page', () => {
  const long = `${'Intro words go on. '.repeat(30)}Rate limits are 100 requests per second per key. ${'More words follow here. '.repeat(30)}`;

  it('quotes the sentence around a match, within 300 characters, word for word', () => {
    const at = long.indexOf('Rate limits');
    const quote = quoteAround(long, at, at + 'Rate limits'.length);
    expect(long).toContain(quote);
    expect(quote.length).toBeLessThanOrEqual(MAX_QUOTE);
    expect(quote).toContain('Rate limits are 100 requests per second per key.');
    expect(quote.startsWith('Rate limits')).toBe(true);
  });

  it('cuts an overlong passage at a word', () => {
    const evidence = evidenceOfPassage(page(long), long);
    expect(evidence?.quote.length).toBeLessThanOrEqual(MAX_QUOTE);
    expect(long).toContain(evidence?.quote);
    expect(evidence?.quote.endsWith(' ')).toBe(false);
  });

  it('finds nothing for a passage that is not on the page', () => {
    expect(evidenceOfPassage(page('Some text'), 'Other text')).toBeNull();
    expect(evidenceOfMatch(page('Some text'), /webhooks/i)).toBeNull();
  });

  it('matches case-insensitively and quotes the page as written', () => {
    const evidence = evidenceOfMatch(page('We send Webhooks for bounces.'), /webhooks?/i);
    expect(evidence).toEqual({ source_url: 'https://a.test/', quote: 'We send Webhooks for bounces.' });
  });
});

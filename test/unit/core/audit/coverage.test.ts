import { describe, expect, it } from 'vitest';
import { coverageOf, coverNeed } from '../../../../server/core/audit';
import { mailCraneProfile, profileOf } from '../../../support/profiles';

describe('requirement coverage', () => {
  it('is covered when one feature holds every term, in any word form, quoting the feature', () => {
    const built = profileOf('acme').features('Templating engine for email').build();
    const cover = coverNeed(built, 'Email templates');
    expect(cover.status).toBe('covered');
    expect(cover.evidence).toEqual({ source_url: 'https://acme.example/features', quote: 'Templating engine for email' });
  });

  it('is covered by a sentence of page text, and the quote is that sentence as stored', () => {
    const builder = profileOf('acme').home('Acme', 'Acme sends transactional email for apps.');
    builder.say('/docs', 'Setup takes a minute. Configure webhooks to receive delivery events in real time. Then go live.', 'docs');
    const built = builder.build();
    const cover = coverNeed(built, 'Webhooks for delivery events');
    expect(cover.status).toBe('covered');
    expect(cover.evidence?.quote).toBe('Configure webhooks to receive delivery events in real time.');
    const docs = built.pages.find((page) => page.url === cover.evidence?.source_url);
    expect(docs?.text).toContain(cover.evidence?.quote);
  });

  it('is partial when a passage holds at least half of the terms, and names the words found', () => {
    const built = profileOf('acme').features('Delivery webhooks').build();
    const cover = coverNeed(built, 'Webhooks for delivery events');
    expect(cover.status).toBe('partial');
    expect(cover.matched_words).toEqual(['webhooks', 'delivery']);
  });

  it('does not count terms spread over separate sentences as covered', () => {
    const builder = profileOf('acme');
    builder.say('/', 'We track every parcel.', 'home');
    builder.say('/', 'Open an account today.', 'home');
    builder.say('/', 'Click here to learn more.', 'home');
    expect(coverNeed(builder.build(), 'Open and click tracking').status).toBe('missing');
  });

  it('is missing with no evidence when nothing matches', () => {
    const cover = coverNeed(profileOf('acme').features('SMS campaigns').build(), 'Dedicated IP');
    expect(cover).toMatchObject({ status: 'missing', evidence: null, matched: [] });
  });

  it('matches a requirement given as an exact phrase even when its words are stop words', () => {
    const built = profileOf('acme').features('Works with all of them').build();
    expect(coverNeed(built, 'all of them').status).toBe('covered');
  });

  it('adds up to a share: covered counts 1, partial one half', () => {
    const built = profileOf('acme').features('Email templates', 'Delivery webhooks').build();
    const coverage = coverageOf(built, ['Email templates', 'Webhooks for delivery events', 'Dedicated IP', 'SMTP relay']);
    expect(coverage).toMatchObject({ covered: 1, partial: 1 });
    expect(coverage.share).toBeCloseTo(1.5 / 4);
    expect(coverageOf(mailCraneProfile(), ['Email templates', 'Dedicated IP']).share).toBe(1);
  });

});

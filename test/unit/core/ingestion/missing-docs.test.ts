import { describe, expect, it } from 'vitest';
import { expectVerifiableQuotes, ingest, planNamed, useFixtureSites } from './ingest-helpers';

const startSite = useFixtureSites();

describe('ingesting a site without documentation', () => {
  it('says no documentation was found and scores it 0', async () => {
    const site = await startSite({ site: 'nodocs' });
    const profile = await ingest(site.url);
    expect(profile.documentation).toMatchObject({ found: false, docs_url: null, pages: 0, has_quickstart: false, quality_score: 0 });
    expect(profile.api.has_api).toBe(false);
    expect(profile.summary).toContain('no documentation found');
    // The usual documentation addresses were tried, found missing, and are not reported as problems.
    expect(site.requests).toEqual(expect.arrayContaining(['/docs', '/documentation']));
    expect(profile.problems).toEqual([]);
    expect(profile.status).toBe('ok');
  });

  it('reads a pricing table with plans as columns, European number formats and a free plan', async () => {
    const site = await startSite({ site: 'nodocs' });
    const profile = await ingest(site.url);
    expect(profile.pricing.pricing_url).toBe(`${site.url}plans-and-pricing`);
    expect(planNamed(profile, 'Solo')).toMatchObject({ price: 0, is_free: true });
    expect(planNamed(profile, 'Team')).toMatchObject({ price: 9, currency: 'EUR', period: 'month' });
    expect(planNamed(profile, 'Firm')).toMatchObject({ price: 1299, currency: 'EUR', period: 'year' });
    expect(profile.pricing).toMatchObject({ currency: 'EUR', free_tier: true, free_trial: true, contact_sales: false });
    expect(profile.signup).toMatchObject({ self_serve: true, signup_url: `${site.url}register` });
    expectVerifiableQuotes(profile);
  });
});

import { describe, expect, it } from 'vitest';
import { expectVerifiableQuotes, ingest, useFixtureSites } from './ingest-helpers';

const startSite = useFixtureSites();

describe('ingesting a sales-gated site without prices', () => {
  it('finds plans without prices and that buyers must contact sales', async () => {
    const site = await startSite({ site: 'quarry' });
    const profile = await ingest(site.url);
    expect(profile.pricing.published).toBe(false);
    expect(profile.pricing.contact_sales).toBe(true);
    expect(profile.pricing.pricing_url).toBe(`${site.url}pricing`);
    expect(profile.pricing.plans.map((plan) => [plan.name, plan.price, plan.contact_sales])).toEqual([
      ['Business', null, true],
      ['Enterprise', null, true],
    ]);
    expect(profile.summary).toContain('no published prices (contact sales)');
  });

  it('reports the demo gate and no self-serve signup', async () => {
    const site = await startSite({ site: 'quarry' });
    const { signup } = await ingest(site.url);
    expect(signup).toMatchObject({ self_serve: false, signup_url: null, checkout: false, sales_gate: true });
    expect(signup.evidence[0]?.quote).toMatch(/demo|sales|quote/i);
  });

  it('lists features from the home and product pages and backs them with quotes', async () => {
    const site = await startSite({ site: 'quarry' });
    const profile = await ingest(site.url);
    expect(profile.features.map((feature) => feature.text)).toEqual(
      expect.arrayContaining(['Private cloud deployment', 'Single sign-on with SAML']),
    );
    expectVerifiableQuotes(profile);
  });
});

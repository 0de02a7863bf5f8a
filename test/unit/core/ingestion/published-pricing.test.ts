import { describe, expect, it } from 'vitest';
import { expectVerifiableQuotes, ingest, INGESTED_AT, planNamed, useFixtureSites } from './ingest-helpers';

const startSite = useFixtureSites();

describe('ingesting a site with published pricing and good docs', () => {
  it('reads each plan with its price, currency, period and the page it came from', async () => {
    const site = await startSite({ site: 'brightpost' });
    const profile = await ingest(site.url);
    const pricingUrl = `${site.url}pricing`;

    expect(profile.pricing.plans.map((plan) => plan.name)).toEqual(['Free', 'Starter', 'Growth', 'Enterprise']);
    expect(planNamed(profile, 'Free')).toMatchObject({ price: 0, is_free: true, contact_sales: false });
    expect(planNamed(profile, 'Starter')).toMatchObject({ price: 15, currency: 'USD', period: 'month', is_free: false });
    expect(planNamed(profile, 'Growth')).toMatchObject({ price: 49, currency: 'USD', period: 'month' });
    expect(planNamed(profile, 'Enterprise')).toMatchObject({ price: null, contact_sales: true });
    for (const plan of profile.pricing.plans) {
      expect(plan.evidence.source_url).toBe(pricingUrl);
      expect(plan.evidence.quote).toContain(plan.name);
    }
    expect(planNamed(profile, 'Starter').evidence.quote).toContain('$15 per month');
    expect(profile.pricing).toMatchObject({
      published: true,
      currency: 'USD',
      free_tier: true,
      free_trial: true,
      contact_sales: true,
      pricing_url: pricingUrl,
    });
  });

  it('scores documentation with quickstart, code samples and API reference', async () => {
    const site = await startSite({ site: 'brightpost' });
    const { documentation, api } = await ingest(site.url);
    expect(documentation).toMatchObject({
      found: true,
      docs_url: `${site.url}docs/`,
      has_quickstart: true,
      has_code_samples: true,
      has_api_reference: true,
      has_search: true,
      quality_score: 100,
    });
    expect(documentation.pages).toBeGreaterThanOrEqual(3);
    expect(documentation.code_languages).toEqual(expect.arrayContaining(['javascript', 'python', 'shell']));

    expect(api).toMatchObject({
      has_api: true,
      reference_url: `${site.url}docs/api-reference`,
      openapi_url: `${site.url}openapi.json`,
      base_url: 'https://api.brightpost.test/v1',
      rate_limits_documented: true,
      webhooks: true,
      sandbox: true,
    });
    expect(api.auth_methods).toEqual(expect.arrayContaining(['api_key', 'bearer_token']));
    expect(api.auth_methods).not.toContain('oauth');
    expect(api.sdks).toEqual(['javascript', 'python', 'ruby']);
  });

  it('finds self-serve signup with card checkout and no sales gate', async () => {
    const site = await startSite({ site: 'brightpost' });
    const { signup } = await ingest(site.url);
    expect(signup).toMatchObject({ self_serve: true, signup_url: `${site.url}signup`, checkout: true, sales_gate: false });
    expect(signup.evidence.length).toBeGreaterThan(0);
  });

  it('records site files, metadata and a one-sentence summary', async () => {
    const site = await startSite({ site: 'brightpost' });
    const profile = await ingest(site.url);
    expect(profile.site).toEqual({
      title: 'Brightpost — Transactional email for developers',
      description: "Brightpost sends your app's transactional email with a simple API.",
      robots_txt: true,
      ai_agents_blocked: [],
      llms_txt: true,
      sitemap: true,
      structured_data: true,
    });
    expect(profile.status).toBe('ok');
    expect(profile.problems).toEqual([]);
    expect(profile.ingested_at).toBe(INGESTED_AT.toISOString());
    expect(profile.summary).toMatch(/^Read \d+ pages of 127\.0\.0\.1:\d+: 3 priced plans from 15 USD a month, documentation/);
    expect(profile.summary.split(/\.\s/)).toHaveLength(1);
  });

  it('keeps visible text only and lists features once each', async () => {
    const site = await startSite({ site: 'brightpost' });
    const profile = await ingest(site.url);
    const home = profile.pages.find((page) => page.kind === 'home');
    expect(home?.text).toContain('Email that arrives');
    expect(home?.text).not.toMatch(/track\(|color:#123|schema\.org/);
    const texts = profile.features.map((feature) => feature.text);
    expect(texts).toEqual(expect.arrayContaining(['Templates with live preview', 'Delivery in under 5 seconds', 'SSO and audit logs']));
    expect(texts.filter((text) => text === 'Delivery in under 5 seconds')).toHaveLength(1);
    expect(texts).not.toContain('Starter'); // a plan name, not a feature
    expect(texts).not.toContain('Frequently asked questions');
  });

  it('follows only page links of the site: no mail, phone, anchors, files or login', async () => {
    const site = await startSite({ site: 'brightpost' });
    await ingest(site.url);
    expect(site.requests).not.toContain('/assets/brochure.pdf');
    expect(site.requests).not.toContain('/login');
    expect(site.requests.some((path) => path.includes('mailto') || path.includes('#'))).toBe(false);
  });

  it('stops at maxPages and says how many linked pages were left', async () => {
    const site = await startSite({ site: 'brightpost' });
    const profile = await ingest(site.url, { maxPages: 3 });
    const htmlPages = profile.pages.filter((page) => page.kind !== 'robots' && page.kind !== 'llms');
    expect(htmlPages).toHaveLength(3);
    const limit = profile.problems.find((problem) => problem.kind === 'page_limit');
    expect(limit?.detail).toMatch(/limit of 3 pages; \d+ more linked pages/);
    expect(profile.status).toBe('ok');
  });

  it('backs every fact with a quote found word for word on its page', async () => {
    const site = await startSite({ site: 'brightpost' });
    expectVerifiableQuotes(await ingest(site.url));
  });
});

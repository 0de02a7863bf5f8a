import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStaticSites, type ServedSites } from '../../../../server/adapters/web/static-sites';
import type { VendorProfile } from '../../../../server/contracts';
import { expectVerifiableQuotes, ingest } from './ingest-helpers';

const DEMO_SITES = fileURLToPath(new URL('../../../../resources/demo-sites', import.meta.url));

describe('the bundled demo vendor sites', () => {
  let served: ServedSites;
  const profiles = new Map<string, VendorProfile>();

  beforeAll(async () => {
    served = await serveStaticSites(DEMO_SITES);
    for (const site of served.sites) profiles.set(site.slug, await ingest(site.url));
  });
  afterAll(async () => {
    await served.close();
  });

  const profile = (slug: string): VendorProfile => {
    const found = profiles.get(slug);
    if (!found) throw new Error(`demo site ${slug} was not served`);
    return found;
  };

  it('lists in demo.json exactly the sites it serves, the customer among them', () => {
    const manifest = JSON.parse(readFileSync(join(DEMO_SITES, 'demo.json'), 'utf8')) as { customer: string; vendors: { slug: string }[] };
    const slugs = manifest.vendors.map((vendor) => vendor.slug).sort();
    expect(slugs).toEqual(served.sites.map((site) => site.slug));
    expect(slugs).toContain(manifest.customer);
  });

  it("reads the customer's product as priced and self-serve, with thin docs and GPTBot shut out", () => {
    const postwing = profile('postwing');
    expect(postwing.status).toBe('ok');
    expect(postwing.pricing.published).toBe(true);
    expect(postwing.pricing.plans.find((plan) => plan.name === 'Launch')).toMatchObject({ price: 25, currency: 'USD', period: 'month' });
    expect(postwing.documentation).toMatchObject({ found: true, has_quickstart: false, has_code_samples: false, has_api_reference: false });
    expect(postwing.documentation.quality_score).toBe(30); // found, one page
    expect(postwing.signup).toMatchObject({ self_serve: true, checkout: true, sales_gate: false });
    expect(postwing.site.ai_agents_blocked).toEqual(['GPTBot']);
  });

  it('reads the developer-first competitor as great docs, prices within $50 a month and online checkout', () => {
    const sendlark = profile('sendlark');
    expect(sendlark.status).toBe('ok');
    expect(sendlark.documentation.quality_score).toBe(100);
    const paid = sendlark.pricing.plans.filter((plan) => plan.price !== null && plan.price > 0);
    expect(paid.map((plan) => [plan.name, plan.price, plan.period])).toEqual([
      ['Essentials', 19, 'month'],
      ['Pro', 45, 'month'],
    ]);
    expect(sendlark.pricing.free_tier).toBe(true);
    expect(sendlark.api).toMatchObject({ has_api: true, webhooks: true, sandbox: true, rate_limits_documented: true });
    expect(sendlark.api.sdks).toContain('javascript');
    expect(sendlark.signup).toMatchObject({ self_serve: true, checkout: true, sales_gate: false });
    expect(sendlark.site).toMatchObject({ llms_txt: true, sitemap: true, structured_data: true });
  });

  it('reads the enterprise competitor as sales-gated with no prices', () => {
    const relaymark = profile('relaymark');
    expect(relaymark.pricing.published).toBe(false);
    expect(relaymark.pricing.contact_sales).toBe(true);
    expect(relaymark.pricing.plans.every((plan) => plan.contact_sales)).toBe(true);
    expect(relaymark.signup).toMatchObject({ self_serve: false, checkout: false, sales_gate: true });
    expect(relaymark.documentation.has_quickstart).toBe(false);
  });

  it('backs every fact on every demo site with a verifiable quote', () => {
    for (const demo of profiles.values()) expectVerifiableQuotes(demo);
  });
});

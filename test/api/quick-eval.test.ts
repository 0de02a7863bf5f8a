import { afterEach, describe, expect, it } from 'vitest';
import { QuickEvalResultSchema, ScoresViewSchema } from '../../server/contracts';
import { serveStaticSites } from '../../server/adapters/web/static-sites';
import { DEMO_SITES_DIR } from '../../server/demo';
import { deadSiteUrl, useApi } from '../support/api-server';

const startApi = useApi();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('quick eval', () => {
  it('creates customer, vendors, scenario and evaluation in one call', async () => {
    const api = await startApi();
    const own = await deadSiteUrl();
    const rival = await deadSiteUrl();
    const response = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: own,
      competitors: [rival],
      task: 'Pick an email API under $50 a month and set it up',
      category: 'email_api',
    });
    expect(response.status).toBe(201);
    const result = QuickEvalResultSchema.parse(response.body);
    expect(result.evaluation_id).toMatch(UUID);
    expect(result.status).toBe('created');
    expect(result.message).toContain(`/evaluations/${result.evaluation_id}/run`);
    expect(result.vendor_ids).toHaveLength(2);

    const customer = (await api.get(`/customers/${result.customer_id}`)).body;
    expect(customer).toMatchObject({ name: 'Postwire', website_url: own });
    const ownVendor = (await api.get(`/vendors/${result.vendor_ids[0]}`)).body;
    expect(ownVendor).toMatchObject({ name: 'Postwire', website_url: own });
    expect(ownVendor.profile.website_url).toBe(own);
    const scenario = (await api.get(`/scenarios/${result.scenario_id}`)).body;
    expect(scenario).toMatchObject({ category: 'email_api', requirements: [], budget: { amount: 50, period: 'month' } });
    const evaluation = (await api.get(`/evaluations/${result.evaluation_id}`)).body;
    expect(evaluation).toMatchObject({ customer_vendor_id: result.vendor_ids[0], vendor_ids: result.vendor_ids, status: 'created' });
  });

  it('rejects bad input with 422 and creates nothing', async () => {
    const api = await startApi();
    const valid = {
      company_name: 'Postwire',
      website_url: 'https://postwire.example',
      competitors: ['https://rival.example'],
      task: 'Pick an email API',
      category: 'email_api',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, competitors: [] }, 'competitors: must name at least one competitor website'],
      [{ ...valid, competitors: ['not a url'] }, 'competitors[0]: must be an http(s) URL'],
      [{ ...valid, competitors: 'https://rival.example' }, 'competitors: must be an array of URLs'],
      [{ ...valid, competitors: ['https://www.postwire.example/'] }, 'competitors[0]: repeats the site of website_url'],
      [{ ...valid, website_url: undefined }, 'website_url: is required'],
      [{ ...valid, task: '' }, 'task: must not be empty'],
      [{ ...valid, models: ['gpt-4'] }, 'models[0]: must be "rules" or "<provider>:<model>"'],
      [{ ...valid, models: ['openai:gpt-4o-mini'] }, 'models[0]:'],
      [{ ...valid, samples: 0 }, 'samples: must be at least 1'],
    ];
    for (const [body, detail] of cases) {
      const response = await api.post('/quick-eval', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.detail).toContain(detail);
    }
    for (const collection of ['/customers', '/vendors', '/scenarios', '/evaluations']) {
      expect((await api.get(collection)).body, collection).toEqual([]);
    }
  });

  it('evaluates real websites end to end and ranks the vendors', async () => {
    const sites = await serveStaticSites(DEMO_SITES_DIR);
    closers.push(() => sites.close());
    const api = await startApi();
    const [own, ...rivals] = sites.sites;
    const created = await api.post('/quick-eval', {
      company_name: 'Our product',
      website_url: own!.url,
      competitors: rivals.map((site) => site.url),
      task: 'Pick an email API under $50 a month and set it up',
      category: 'email_api',
      requirements: ['transactional email', 'webhooks'],
    });
    expect(created.status).toBe(201);
    const id = created.body.evaluation_id;
    expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
    const final = await api.waitForEvaluation(id);
    expect(final).toMatchObject({ status: 'completed', error: null });

    const scores = ScoresViewSchema.parse((await api.get(`/evaluations/${id}/scores`)).body);
    expect(scores.vendor_rankings).toHaveLength(sites.sites.length);
    const distinct = new Set(scores.vendor_rankings.map((ranking) => ranking.score));
    expect(distinct.size).toBeGreaterThan(1);

    for (const vendorId of created.body.vendor_ids) {
      const profile = (await api.get(`/vendors/${vendorId}/profile`)).body;
      expect(profile.status).toBe('ok');
      expect(profile.pages.length).toBeGreaterThan(1);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EvaluationEstimateSchema } from '../../server/contracts';
import type { BuyerAgent } from '../../server/core/ports';
import { deadSiteUrl, useApi } from '../support/api-server';

const startApi = useApi();

const paidAgent: BuyerAgent = {
  id: 'test:paid',
  defaultSamples: 2,
  runStage: async () => {
    throw new Error('an estimate makes no call');
  },
};

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /evaluations/{id}/estimate', () => {
  it('estimates calls, tokens and cost from the plan and the profiles, before anything runs', async () => {
    const api = await startApi({
      agents: [paidAgent],
      priceTable: { 'test:paid': { input_usd_per_million: 1, output_usd_per_million: 10 } },
    });
    const created = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: await deadSiteUrl(),
      competitors: [await deadSiteUrl()],
      task: 'Pick an email API',
      category: 'email_api',
      models: ['rules', 'test:paid'],
    });
    const id = created.body.evaluation_id;
    // Wait until both (unreachable) sites have been read, so the profile sizes are known: no page text.
    await until(async () => {
      const vendors = await Promise.all(created.body.vendor_ids.map((vendorId: string) => api.get(`/vendors/${vendorId}`)));
      return vendors.every((vendor) => vendor.body.profile_status !== 'pending');
    });

    const response = await api.get(`/evaluations/${id}/estimate`);
    expect(response.status).toBe(200);
    const estimate = EvaluationEstimateSchema.parse(response.body);
    // Prompt characters per sample: 4 stages × 2 vendors × (2,000 + 26 scenario + 1,500 facts)
    // + preference 2 × (2,000 + 26 + 2 × 1,500) = 28,208 + 10,052 = 38,260; two samples / 4 = 19,130 tokens.
    expect(estimate).toEqual({
      evaluation_id: id,
      calls: 30,
      input_tokens: 19_130,
      output_tokens: 10_000,
      cost_usd: 0.1191,
      per_model: [
        { model: 'rules', calls: 10, samples: 1, input_tokens: 0, output_tokens: 0, cost_usd: 0, priced: true, input_usd_per_million: 0, output_usd_per_million: 0 },
        { model: 'test:paid', calls: 20, samples: 2, input_tokens: 19_130, output_tokens: 10_000, cost_usd: 0.1191, priced: true, input_usd_per_million: 1, output_usd_per_million: 10 },
      ],
      assumptions: expect.arrayContaining([expect.stringContaining('characters / 4')]),
    });
    const status = await api.get(`/evaluations/${id}/status`);
    expect(status.body.status).toBe('created');
  });

  it('prices well-known models from the built-in table and says when a model has no price', async () => {
    const api = await startApi({ agents: [{ ...paidAgent, id: 'test:unknown' }] });
    const created = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: await deadSiteUrl(),
      competitors: [await deadSiteUrl()],
      task: 'Pick an email API',
      category: 'email_api',
      models: ['test:unknown'],
      samples: 1,
    });
    const estimate = (await api.get(`/evaluations/${created.body.evaluation_id}/estimate`)).body;
    expect(estimate.per_model[0]).toMatchObject({ model: 'test:unknown', calls: 10, priced: false, cost_usd: 0 });
    expect(estimate.assumptions.join(' ')).toContain('No price is known for test:unknown');
  });

  it('answers 404 for an unknown evaluation', async () => {
    const api = await startApi();
    expect((await api.get('/evaluations/nope/estimate')).status).toBe(404);
  });
});

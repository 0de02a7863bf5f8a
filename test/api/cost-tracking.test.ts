import { describe, expect, it } from 'vitest';
import { RunTraceSchema, StatusViewSchema } from '../../server/contracts';
import type { BuyerAgent, StageAnswer } from '../../server/core/ports';
import { deadSiteUrl, useApi, type TestApi } from '../support/api-server';

const startApi = useApi();

/** A buying agent that reports token usage like a provider would; `cachedFrom` marks later samples as cache hits. */
function meteredAgent(id: string, options: { samples?: number; cachedFrom?: number; inputTokens?: number; outputTokens?: number } = {}): BuyerAgent {
  return {
    id,
    defaultSamples: options.samples ?? 1,
    async runStage(task): Promise<StageAnswer> {
      return {
        prompt: `score ${task.vendor.name} on ${task.stage}`,
        response: '{"score": 6}',
        reasoning: 'metered',
        justification: 'a fixed score',
        score: 6,
        evidence: [],
        temperature: 0.7,
        seed: task.sample,
        usage: { input_tokens: options.inputTokens ?? 1000, output_tokens: options.outputTokens ?? 100 },
        cached: options.cachedFrom !== undefined && task.sample >= options.cachedFrom,
      };
    },
  };
}

async function quickEval(api: TestApi, body: Record<string, unknown>): Promise<string> {
  const created = await api.post('/quick-eval', {
    company_name: 'Postwire',
    website_url: await deadSiteUrl(),
    competitors: [await deadSiteUrl()],
    task: 'Pick an email API',
    category: 'email_api',
    ...body,
  });
  expect(created.status).toBe(201);
  return created.body.evaluation_id;
}

describe('cost of runs', () => {
  it('records usage and cost per run from the price table, cached samples at no cost, and totals them in the status view', async () => {
    const api = await startApi({
      agents: [meteredAgent('test:metered', { samples: 3, cachedFrom: 3 })],
      priceTable: { 'test:metered': { input_usd_per_million: 1, output_usd_per_million: 10 } },
    });
    const id = await quickEval(api, { models: ['test:metered'] });
    expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
    const final = StatusViewSchema.parse(await api.waitForEvaluation(id));
    expect(final.status).toBe('completed');

    // Per run: samples 1 and 2 billed (2 × 1,000 in, 2 × 100 out), sample 3 cached.
    // (2,000 × $1 + 200 × $10) / 1M = $0.004 a run; 10 runs.
    const runs = (await api.get(`/evaluations/${id}/runs`)).body.runs;
    expect(runs).toHaveLength(10);
    for (const run of runs) {
      expect(run.usage).toEqual({ input_tokens: 2000, output_tokens: 200 });
      expect(run.cost_usd).toBeCloseTo(0.004, 10);
    }
    const trace = RunTraceSchema.parse((await api.get(`/runs/${id}.1/trace`)).body);
    expect(trace.cached_samples).toBe(1);
    expect(trace.cost_usd).toBeCloseTo(0.004, 10);
    expect(trace.samples.map((sample) => [sample.temperature, sample.seed])).toEqual([[0.7, 1], [0.7, 2], [0.7, 3]]);

    expect(final.cost_usd).toBeCloseTo(0.04, 10);
    expect(final.tokens).toEqual({ input_tokens: 20_000, output_tokens: 2_000 });
    expect(final.max_cost_usd).toBeNull();
  });

  it('costs nothing for the rules agent', async () => {
    const api = await startApi();
    const id = await quickEval(api, { models: ['rules'] });
    await api.post(`/evaluations/${id}/run`);
    const final = await api.waitForEvaluation(id);
    expect(final.status).toBe('completed');
    expect(final.cost_usd).toBe(0);
    expect(final.tokens).toEqual({ input_tokens: 0, output_tokens: 0 });
  });

  it('stops at the spending cap: no further run starts and the evaluation fails saying so', async () => {
    const api = await startApi({
      concurrency: 1,
      agents: [meteredAgent('test:metered', { inputTokens: 1000, outputTokens: 0 })],
      priceTable: { 'test:metered': { input_usd_per_million: 10, output_usd_per_million: 0 } },
    });
    // $0.01 a run: the second run reaches the cap.
    const id = await quickEval(api, { models: ['test:metered'], max_cost_usd: 0.02 });
    expect((await api.get(`/evaluations/${id}`)).body.max_cost_usd).toBe(0.02);
    await api.post(`/evaluations/${id}/run`);
    const final = await api.waitForEvaluation(id);
    expect(final.status).toBe('failed');
    expect(final.error).toBe('Stopped at the spending cap of $0.02 after $0.02');
    expect(final.cost_usd).toBeCloseTo(0.02, 10);
    expect(final.max_cost_usd).toBe(0.02);
    expect(final.progress).toEqual({ completed_runs: 2, total_runs: 10, failed_runs: 0 });

    const runs = (await api.get(`/evaluations/${id}/runs`)).body.runs;
    expect(runs.filter((run: { status: string }) => run.status === 'completed')).toHaveLength(2);
    const notRun = runs.filter((run: { status: string }) => run.status === 'pending');
    expect(notRun).toHaveLength(8);
    for (const run of notRun) expect(run.error).toBe('Not run: Stopped at the spending cap of $0.02 after $0.02');
  });

  it('refuses a spending cap that is not a positive number', async () => {
    const api = await startApi();
    const response = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: await deadSiteUrl(),
      competitors: [await deadSiteUrl()],
      task: 'Pick an email API',
      category: 'email_api',
      max_cost_usd: 0,
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain('max_cost_usd');
  });
});

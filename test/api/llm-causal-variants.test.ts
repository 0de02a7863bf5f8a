import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStaticSites, type ServedSites } from '../../server/adapters/web/static-sites';
import { DEMO_SITES_DIR } from '../../server/demo';
import { useApi, type TestApi } from '../support/api-server';
import { startFakeProvider, type FakeProvider, type FakeRequest } from '../support/fake-providers';

const KEY = 'sk-test-variants';
const MODEL = 'openai:gpt-4o-mini';

const startApi = useApi();
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface StageDelta {
  stage: string;
  baseline: number;
  variant: number;
  delta: number;
  delta_interval: { mean: number; low: number; high: number; n: number };
}
interface Variant {
  code: string;
  model: string;
  stage_deltas: StageDelta[];
  overall_delta: number;
  run_ids?: string[];
  error?: string | null;
}

/** The customer quotes no prices (Relaymark: "contact sales"); its rival publishes them (Sendlark). */
async function sitesWithoutCustomerPrices(): Promise<ServedSites> {
  const root = mkdtempSync(join(tmpdir(), 'vendor-eval-variants-'));
  closers.push(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(DEMO_SITES_DIR, 'relaymark'), join(root, 'a-own'), { recursive: true });
  cpSync(join(DEMO_SITES_DIR, 'sendlark'), join(root, 'b-rival'), { recursive: true });
  const sites = await serveStaticSites(root);
  closers.push(() => sites.close());
  return sites;
}

function apiFor(fake: FakeProvider, dataDir?: string): Promise<TestApi> {
  return startApi({
    env: {},
    ...(dataDir ? { dataDir } : {}),
    llm: {
      openaiApiKey: KEY,
      openaiBaseUrl: fake.openaiUrl,
      geminiApiKey: KEY,
      geminiBaseUrl: fake.url,
      ollamaBaseUrl: fake.openaiUrl,
      retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 2, timeoutMs: 2_000 },
    },
  });
}

async function setUp(): Promise<{ fake: FakeProvider; sites: ServedSites; target: TestApi }> {
  const fake = await startFakeProvider();
  closers.push(() => fake.close());
  const sites = await sitesWithoutCustomerPrices();
  return { fake, sites, target: await apiFor(fake) };
}

async function create(target: TestApi, sites: ServedSites, models: string[], samples: number): Promise<string> {
  const [own, ...rivals] = sites.sites;
  const created = await target.post('/quick-eval', {
    company_name: 'Our product',
    website_url: own!.url,
    competitors: rivals.map((site) => site.url),
    task: 'Pick an email API under $50 a month and set it up',
    category: 'email_api',
    requirements: ['transactional email', 'webhooks'],
    models,
    samples,
  });
  expect(created.status, created.text).toBe(201);
  const id: string = created.body.evaluation_id;
  expect((await target.post(`/evaluations/${id}/run`)).status).toBe(202);
  return id;
}

async function evaluate(target: TestApi, sites: ServedSites, models: string[], samples: number): Promise<{ id: string; status: string; error: string | null }> {
  const id = await create(target, sites, models, samples);
  return { id, ...(await target.waitForEvaluation(id)) };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
}

/** A request made with the counterfactual profile: the entry plan the pricing fix adds. */
const carriesFixedPricing = (request: FakeRequest) => JSON.stringify(request.body).includes('Starter');

const variantsOf = async (target: TestApi, id: string): Promise<Variant[]> =>
  (await target.get(`/evaluations/${id}/diagnosis`)).body.causal_variants;

describe('causal variants measured by a language model', () => {
  it('re-runs the stages the pricing fix moves and reports the measured lift with its interval', async () => {
    const { fake, sites, target } = await setUp();
    const { id, status } = await evaluate(target, sites, [MODEL], 2);
    expect(status).toBe('completed');

    const variants = await variantsOf(target, id);
    expect(variants.some((variant) => variant.model === 'rules' && variant.code === 'pricing_not_published')).toBe(true);
    const measured = variants.find((variant) => variant.model === MODEL && variant.code === 'pricing_not_published');
    expect(measured, JSON.stringify(variants.map((variant) => [variant.model, variant.code]))).toBeDefined();
    expect(measured!.error).toBeNull();
    expect(measured!.stage_deltas.map((entry) => entry.stage)).toEqual(['consideration', 'comprehension', 'preference', 'executability', 'completion']);
    for (const stage of ['comprehension', 'completion']) {
      const entry = measured!.stage_deltas.find((candidate) => candidate.stage === stage)!;
      expect(entry.delta, stage).toBeGreaterThan(0);
      expect(entry.delta_interval).toMatchObject({ mean: entry.delta, n: 2 });
      expect(entry.delta_interval.low).toBeLessThanOrEqual(entry.delta);
      expect(entry.delta_interval.high).toBeGreaterThanOrEqual(entry.delta);
    }
    const untouched = measured!.stage_deltas.filter((entry) => entry.delta_interval.n === 0);
    for (const entry of untouched) expect(entry).toMatchObject({ delta: 0, variant: entry.baseline });

    // The variant runs are real calls: counted in progress, kept as traces, out of the plan's run list.
    const variantCalls = fake.requests.filter(carriesFixedPricing);
    expect(variantCalls.length).toBeGreaterThan(0);
    const plan = (await target.get(`/evaluations/${id}/runs`)).body.runs as { cost_usd: number }[];
    expect(plan).toHaveLength(10);
    const statusView = (await target.get(`/evaluations/${id}/status`)).body;
    expect(statusView.progress.total_runs).toBeGreaterThan(10);
    expect(statusView.progress.completed_runs).toBe(statusView.progress.total_runs);
    const planCost = plan.reduce((sum, entry) => sum + entry.cost_usd, 0);
    expect(statusView.cost_usd).toBeGreaterThan(planCost);
    const report = (await target.get(`/evaluations/${id}/report?format=json`)).body;
    expect(report.meta.cost_usd).toBeCloseTo(statusView.cost_usd, 3);
    const trace = (await target.get(`/runs/${measured!.run_ids![0]}/trace`)).body;
    expect(trace).toMatchObject({ model: MODEL, status: 'completed' });
    expect(trace.prompt).toContain('Starter');
  });

  it('completes the evaluation and marks the variant when its runs fail', async () => {
    const { fake, sites, target } = await setUp();
    fake.when(carriesFixedPricing, { status: 503 });
    const { id, status, error } = await evaluate(target, sites, [MODEL], 1);
    expect({ status, error }).toEqual({ status: 'completed', error: null });
    const measured = (await variantsOf(target, id)).find((variant) => variant.model === MODEL && variant.code === 'pricing_not_published');
    expect(measured?.error).toMatch(/variant run did not complete: .*HTTP 503/);
    expect((await target.get(`/evaluations/${id}/scores`)).body.partial).toBe(false);
    expect((await target.get(`/evaluations/${id}/report`)).text).toMatch(/Not fully measured: The \w+ variant run did not complete/);
  });
});

describe('causal variants across a restart', () => {
  it('measures the variants again when the server stopped before they were finished', async () => {
    const { fake, sites, target } = await setUp();
    const release = fake.when(carriesFixedPricing, { hang: true });
    const id = await create(target, sites, [MODEL], 1);
    await until(async () => fake.requests.some(carriesFixedPricing));
    expect((await target.get(`/evaluations/${id}/status`)).body).toMatchObject({ status: 'running', phase: 'variants' });
    await target.close();

    release();
    const restarted = await apiFor(fake, target.dataDir);
    expect(await restarted.waitForEvaluation(id)).toMatchObject({ status: 'completed', error: null });
    const measured = (await variantsOf(restarted, id)).find((variant) => variant.model === MODEL && variant.code === 'pricing_not_published');
    expect(measured?.error).toBeNull();
    expect(measured!.stage_deltas.some((entry) => entry.delta > 0)).toBe(true);
    const status = (await restarted.get(`/evaluations/${id}/status`)).body;
    expect(status.progress.completed_runs).toBe(status.progress.total_runs);
  });
});

describe('an evaluation where a whole model fails', () => {
  it('completes partially on the other model and names the failed one with its error', async () => {
    const { fake, sites, target } = await setUp();
    fake.when((request) => request.protocol === 'gemini', { status: 503 });
    const { id, status } = await evaluate(target, sites, [MODEL, 'gemini:gemini-2.0-flash'], 1);
    expect(status).toBe('completed');
    const scores = (await target.get(`/evaluations/${id}/scores`)).body;
    expect(scores.partial).toBe(true);
    expect(scores.failed_models).toEqual([{ model: 'gemini:gemini-2.0-flash', error: expect.stringMatching(/gemini.*HTTP 503/) }]);
    expect((await target.get(`/evaluations/${id}/status`)).body.failed_models).toEqual(scores.failed_models);
    expect((await variantsOf(target, id)).some((variant) => variant.model === 'gemini:gemini-2.0-flash')).toBe(false);
    const report = (await target.get(`/evaluations/${id}/report`)).text;
    expect(report).toContain('gemini:gemini-2.0-flash');
    expect(report).toMatch(/Every run of <code>gemini:gemini-2\.0-flash<\/code> failed/);
  });
});

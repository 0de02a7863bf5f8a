import { describe, expect, it } from 'vitest';
import {
  DiagnosisViewSchema,
  EvaluationSchema,
  FUNNEL_STAGES,
  RunListSchema,
  RunTraceSchema,
  ScoresViewSchema,
  StatusViewSchema,
} from '../../server/contracts';
import { deadSiteUrl, useApi, type TestApi } from '../support/api-server';

const startApi = useApi();

async function seed(api: TestApi, vendorCount = 3) {
  const ownUrl = await deadSiteUrl();
  const customer = (await api.post('/customers', { name: 'Postwire', website_url: ownUrl })).body;
  const vendors = [(await api.post('/vendors', { name: 'Postwire', website_url: ownUrl, description: 'ours' })).body];
  for (let index = 1; index < vendorCount; index += 1) {
    vendors.push((await api.post('/vendors', { name: `Rival ${index}`, website_url: await deadSiteUrl() })).body);
  }
  const scenario = (await api.post('/scenarios', { task: 'Pick an email API under $50 a month', category: 'email_api' })).body;
  return { customer, vendors, scenario };
}

describe('evaluations', () => {
  it('creates an evaluation with status created and finds the customer product by its website', async () => {
    const api = await startApi();
    const { customer, vendors, scenario } = await seed(api);
    const response = await api.post('/evaluations', {
      customer_id: customer.id,
      scenario_id: scenario.id,
      vendor_ids: vendors.map((vendor) => vendor.id),
    });
    expect(response.status).toBe(201);
    const evaluation = EvaluationSchema.parse(response.body);
    expect(evaluation).toMatchObject({
      status: 'created',
      customer_id: customer.id,
      scenario_id: scenario.id,
      customer_vendor_id: vendors[0].id,
      models: ['rules'],
    });
    expect((await api.get(`/evaluations/${evaluation.id}`)).body).toEqual(evaluation);
    expect((await api.get('/evaluations')).body).toEqual([evaluation]);
    const status = StatusViewSchema.parse((await api.get(`/evaluations/${evaluation.id}/status`)).body);
    expect(status).toMatchObject({ status: 'created', progress: { completed_runs: 0, total_runs: 0 } });
  });

  it('rejects fewer than two vendors, unknown ids and repeated vendors with 422 naming the field', async () => {
    const api = await startApi();
    const { customer, vendors, scenario } = await seed(api);
    const base = { customer_id: customer.id, scenario_id: scenario.id };

    const one = await api.post('/evaluations', { ...base, vendor_ids: [vendors[0].id] });
    expect(one.status).toBe(422);
    expect(one.body.detail).toBe('vendor_ids: must name at least two vendors');

    const unknown = await api.post('/evaluations', { ...base, vendor_ids: [vendors[0].id, 'ghost'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'vendor_ids[1]', message: "no vendor has id 'ghost'" }]);

    const unknownRefs = await api.post('/evaluations', { customer_id: 'c?', scenario_id: 's?', vendor_ids: [vendors[0].id, vendors[1].id] });
    expect(unknownRefs.status).toBe(422);
    expect(unknownRefs.body.errors.map((issue: { field: string }) => issue.field)).toEqual(['customer_id', 'scenario_id']);

    const repeated = await api.post('/evaluations', { ...base, vendor_ids: [vendors[0].id, vendors[0].id] });
    expect(repeated.status).toBe(422);
    expect(repeated.body.detail).toContain('vendor_ids: must not repeat a vendor');

    const missing = await api.post('/evaluations', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((issue: { field: string }) => issue.field)).toEqual(['customer_id', 'scenario_id', 'vendor_ids']);

    const notOurs = await api.post('/evaluations', { ...base, vendor_ids: [vendors[1].id, vendors[2].id] });
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.errors[0].field).toBe('vendor_ids');

    const unknownModel = await api.post('/evaluations', { ...base, vendor_ids: [vendors[0].id, vendors[1].id], models: ['rules', 'acme:gpt'] });
    expect(unknownModel.status).toBe(422);
    expect(unknownModel.body.errors[0].field).toBe('models[1]');

    expect((await api.get('/evaluations')).body).toEqual([]);
  });

  it('runs asynchronously: 202, then status, scores, diagnosis, runs, traces and the report', async () => {
    const api = await startApi();
    const { customer, vendors, scenario } = await seed(api);
    const evaluation = (
      await api.post('/evaluations', { customer_id: customer.id, scenario_id: scenario.id, vendor_ids: vendors.map((v) => v.id) })
    ).body;

    const early = await api.get(`/evaluations/${evaluation.id}/scores`);
    expect(early.status).toBe(400);
    expect(early.body.detail).toContain('has not been run yet');

    const started = await api.post(`/evaluations/${evaluation.id}/run`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ evaluation_id: evaluation.id, status: 'running' });
    expect(started.body.message).toContain(`/evaluations/${evaluation.id}/status`);

    const final = await api.waitForEvaluation(evaluation.id);
    expect(final.status).toBe('completed');
    expect(final.progress).toEqual({ completed_runs: 15, total_runs: 15, failed_runs: 0 });

    const scores = ScoresViewSchema.parse((await api.get(`/evaluations/${evaluation.id}/scores`)).body);
    expect(Object.keys(scores.funnel_scores)).toEqual([...FUNNEL_STAGES]);
    for (const value of Object.values(scores.funnel_scores)) expect(value).toBeGreaterThanOrEqual(0);
    expect(scores.vendor_rankings).toHaveLength(3);
    expect(scores.vendor_rankings.map((ranking) => ranking.rank)[0]).toBe(1);
    expect(scores.overall_score).toBeLessThanOrEqual(100);

    const diagnosis = DiagnosisViewSchema.parse((await api.get(`/evaluations/${evaluation.id}/diagnosis`)).body);
    expect(diagnosis.root_causes.length).toBeGreaterThan(0);
    expect(diagnosis.root_causes[0]!.issue).toMatch(/could not be read|website/i);

    const runs = RunListSchema.parse((await api.get(`/evaluations/${evaluation.id}/runs`)).body);
    expect(runs.runs).toHaveLength(15);
    for (const run of runs.runs) {
      expect(run.status).toBe('completed');
      expect(run.score).toBeGreaterThanOrEqual(0);
      expect(run.score).toBeLessThanOrEqual(10);
    }
    const filtered = (await api.get(`/evaluations/${evaluation.id}/runs?stage=completion&vendor_id=${vendors[0].id}`)).body;
    expect(filtered.runs).toHaveLength(1);
    const badFilter = await api.get(`/evaluations/${evaluation.id}/runs?stage=checkout`);
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.errors[0].field).toBe('stage');

    const trace = RunTraceSchema.parse((await api.get(`/runs/${runs.runs[0]!.id}/trace`)).body);
    expect(trace).toMatchObject({ run_id: runs.runs[0]!.id, model: 'rules', vendor: 'Postwire' });
    expect(trace.prompt.length).toBeGreaterThan(0);
    expect(trace.justification.length).toBeGreaterThan(0);

    const report = await api.get(`/evaluations/${evaluation.id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/^text\/html/);
    expect(report.text).toContain('Postwire');
    const reportJson = await api.get(`/evaluations/${evaluation.id}/report?format=json`);
    expect(reportJson.status).toBe(200);
    expect(reportJson.headers.get('content-type')).toMatch(/^application\/json/);
    const badFormat = await api.get(`/evaluations/${evaluation.id}/report?format=docx`);
    expect(badFormat.status).toBe(422);
  });

  it('answers 404 saying the evaluation was not found on every evaluation endpoint', async () => {
    const api = await startApi();
    for (const path of ['', '/status', '/scores', '/diagnosis', '/report', '/runs']) {
      const response = await api.get(`/evaluations/does-not-exist${path}`);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ detail: "evaluation 'does-not-exist' was not found", status_code: 404 });
    }
    const run = await api.post('/evaluations/does-not-exist/run');
    expect(run.status).toBe(404);
    expect(run.body.detail).toContain('not found');
    for (const id of ['nope', 'does-not-exist.1']) {
      const trace = await api.get(`/runs/${id}/trace`);
      expect(trace.status).toBe(404);
      expect(trace.body.detail).toBe(`run '${id}' was not found`);
    }
  });
});

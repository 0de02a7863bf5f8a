import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../../../../server/contracts/report';
import { buildReport } from '../../../../server/core/report';
import { SCORE_DEFINITIONS } from '../../../../server/core/scoring/definitions';
import { reportFixture } from './report-fixture';

describe('buildReport', () => {
  it('produces a document that satisfies the published Report schema', () => {
    const report = buildReport(reportFixture());
    const parsed = ReportSchema.safeParse(report);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('states who, what and when in the meta, customer and scenario', () => {
    const report = buildReport(reportFixture());
    expect(report.meta).toMatchObject({
      evaluation_id: 'ev_2f6c1a',
      status: 'completed',
      generated_at: '2025-05-12T10:15:00.000Z',
      completed_at: '2025-05-12T09:03:41.000Z',
      models: ['rules', 'openai:gpt-4o-mini'],
      partial: false,
      runs: { total: 30, completed: 30, failed: 0 },
    });
    expect(report.customer).toMatchObject({ name: 'Acme Analytics', vendor_id: 'acme', vendor_name: 'Acme Analytics' });
    expect(report.scenario.budget).toEqual({ amount: 100, currency: 'USD', period: 'month' });
    expect(report.scenario.requirements).toHaveLength(3);
  });

  it('puts the funnel in funnel order and names the strongest and weakest stage', () => {
    const report = buildReport(reportFixture());
    expect(report.funnel.map((entry) => [entry.stage, entry.score])).toEqual([
      ['consideration', 67.5],
      ['comprehension', 77.5],
      ['preference', 47.5],
      ['executability', 27.5],
      ['completion', 25],
    ]);
    expect(report.headline).toMatchObject({
      overall_score: 49,
      rank: 2,
      vendor_count: 3,
      strongest_stage: { stage: 'comprehension', score: 77.5 },
      weakest_stage: { stage: 'completion', score: 25 },
    });
  });

  it('headlines the costliest fix of the customer with its measured overall gain', () => {
    const { headline } = buildReport(reportFixture());
    expect(headline.top_fix).toMatchObject({
      priority: 1,
      stage: 'completion',
      impact: 'high',
      points_lost: 35,
      measured_overall_delta: 11,
    });
    expect(headline.top_fix?.fix).toMatch(/^Publish plan prices/);
  });

  it('compares every vendor on every stage, best rank first, with stage ranks', () => {
    const { comparison } = buildReport(reportFixture());
    expect(comparison.map((vendor) => [vendor.name, vendor.rank, vendor.is_customer])).toEqual([
      ['Globex Metrics', 1, false],
      ['Acme Analytics', 2, true],
      ['Initech Insights', 3, false],
    ]);
    const acme = comparison[1]!;
    expect(acme.website_url).toBe('https://acme.example/');
    expect(acme.stages.map((entry) => entry.rank)).toEqual([2, 1, 2, 3, 3]);
    expect(comparison[0]!.stages.every((entry) => entry.stage && entry.score > 0)).toBe(true);
  });

  it('lets equal stage scores share a rank', () => {
    const input = reportFixture();
    for (const ranking of input.results.scores.vendor_rankings) ranking.funnel_scores.preference = 60;
    const { comparison } = buildReport(input);
    expect(comparison.map((vendor) => vendor.stages[2]!.rank)).toEqual([1, 1, 1]);
  });

  it("lists the customer's root causes first, costliest first, then the competitors'", () => {
    const { diagnosis } = buildReport(reportFixture());
    expect(diagnosis.root_causes.map((cause) => [cause.priority, cause.code, cause.vendor_name])).toEqual([
      [1, 'pricing_not_published', 'Acme Analytics'],
      [2, 'no_api_reference', 'Acme Analytics'],
      [3, 'no_quickstart', 'Acme Analytics'],
      [4, 'sales_gate', 'Initech Insights'],
    ]);
    expect(diagnosis.root_causes[0]!.evidence[0]!.source_url).toBe('https://acme.example/pricing');
    expect(diagnosis.causal_variants).toHaveLength(1);
  });

  it('attaches the measured effect of a fix on its own stage from the causal variant', () => {
    const { diagnosis } = buildReport(reportFixture());
    const [pricing, apiReference] = diagnosis.root_causes;
    expect(pricing!.measured_effects).toEqual([
      {
        model: 'rules',
        stage: 'completion',
        stage_baseline: 25,
        stage_variant: 70,
        stage_delta: 45,
        overall_baseline: 49,
        overall_variant: 60,
        overall_delta: 11,
        stage_delta_interval: { mean: 45, low: 45, high: 45, n: 1 },
        error: null,
      },
    ]);
    expect(apiReference!.measured_effects).toEqual([]);
  });

  it("excerpts the customer's lowest-scoring completed run of each stage", () => {
    const { traces } = buildReport(reportFixture());
    expect(traces.lowest_by_stage.map((trace) => [trace.stage, trace.score, trace.model])).toEqual([
      ['consideration', 6.5, 'openai:gpt-4o-mini'],
      ['comprehension', 7.5, 'openai:gpt-4o-mini'],
      ['preference', 4.5, 'openai:gpt-4o-mini'],
      ['executability', 2.5, 'openai:gpt-4o-mini'],
      ['completion', 2, 'rules'],
    ]);
    const completion = traces.lowest_by_stage[4]!;
    expect(completion.vendor_id).toBe('acme');
    expect(completion.justification).toMatch(/only offers a sales call/);
    expect(completion.evidence[0]).toEqual({
      quote: 'Contact sales for a quote.',
      source_url: 'https://acme.example/pricing',
      supported: true,
    });
    expect(traces.failed_runs).toEqual([]);
  });

  it('cuts long prompts near 600 characters with an ellipsis and keeps their full length', () => {
    const { traces } = buildReport(reportFixture());
    const trace = traces.lowest_by_stage[0]!;
    expect(trace.prompt_length).toBeGreaterThan(1000);
    expect(trace.prompt_excerpt.length).toBeLessThanOrEqual(601);
    expect(trace.prompt_excerpt.length).toBeGreaterThan(480);
    expect(trace.prompt_excerpt.endsWith('…')).toBe(true);
    expect(trace.response_excerpt.endsWith('…')).toBe(false);
  });

  it('reports failed runs with their error and marks the document partial', () => {
    const report = buildReport(reportFixture({ failedRuns: 5 }));
    expect(report.meta.partial).toBe(true);
    expect(report.meta.runs).toEqual({ total: 30, completed: 25, failed: 5 });
    expect(report.traces.failed_runs).toHaveLength(5);
    expect(report.traces.failed_runs[0]).toMatchObject({
      vendor_name: 'Acme Analytics',
      model: 'openai:gpt-4o-mini',
      stage: 'consideration',
      error: expect.stringContaining('429'),
    });
    // Only the rules runs are left for the customer, so they are the lowest.
    expect(report.traces.lowest_by_stage.every((trace) => trace.model === 'rules')).toBe(true);
  });

  it('leaves a stage out of the excerpts when none of its customer runs completed', () => {
    const input = reportFixture();
    for (const run of input.runs) {
      if (run.vendor_id === 'acme' && run.stage === 'preference') Object.assign(run, { status: 'failed', score: null, error: 'timeout' });
    }
    const { traces } = buildReport(input);
    expect(traces.lowest_by_stage.map((trace) => trace.stage)).not.toContain('preference');
    expect(traces.failed_runs.map((run) => run.error)).toEqual(['timeout', 'timeout']);
  });

  it('summarises each vendor profile, the customer first', () => {
    const { profiles } = buildReport(reportFixture());
    expect(profiles.map((profile) => profile.name)).toEqual(['Acme Analytics', 'Globex Metrics', 'Initech Insights']);
    const [acme, globex, initech] = profiles;
    expect(acme).toMatchObject({
      is_customer: true,
      status: 'ok',
      pricing: { published: false, contact_sales: true, cheapest_plan: null },
      documentation: { found: true, quality_score: 45 },
      signup: { self_serve: true },
      problem_count: 0,
      source_urls: ['https://acme.example/', 'https://acme.example/pricing', 'https://acme.example/docs'],
    });
    // 480 a year is 40 a month, cheaper than the 49 a month plan.
    expect(globex!.pricing.cheapest_plan).toEqual({ name: 'Annual', price: 480, currency: 'USD', period: 'year', is_free: false });
    expect(initech).toMatchObject({ status: 'partial', problem_count: 1, signup: { sales_gate: true } });
  });

  it('says so when an evaluation has no profile snapshot for a vendor', () => {
    const input = reportFixture();
    input.profiles = input.profiles.filter((profile) => profile.vendor_id !== 'initech');
    const initech = buildReport(input).profiles[2]!;
    expect(initech).toMatchObject({ status: 'pending', website_url: 'https://initech.example/', source_urls: [] });
    expect(initech.summary).toMatch(/No profile snapshot/);
  });

  it('carries the published score definitions', () => {
    const { definitions } = buildReport(reportFixture());
    expect(definitions).toEqual(SCORE_DEFINITIONS.map(({ term, scale, definition }) => ({ term, scale, definition })));
  });
});

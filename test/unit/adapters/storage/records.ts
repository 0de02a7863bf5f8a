import { emptyProfile, type TraceSample, type VendorProfile } from '../../../../server/contracts';
import {
  runId,
  type CustomerRecord,
  type EvaluationRecord,
  type EvaluationResults,
  type RunRecord,
  type ScenarioRecord,
  type VendorRecord,
} from '../../../../server/core/domain';
import { pointIntervals } from '../../../../server/core/scoring/intervals';

/** Records as the core builds them, with just enough variety to catch a swapped column. */

let clock = Date.parse('2025-03-01T09:00:00.000Z');
function nextTimestamp(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

export function customer(id: string, overrides: Partial<CustomerRecord> = {}): CustomerRecord {
  return { id, name: `Customer ${id}`, website_url: `https://${id}.example/`, created_at: nextTimestamp(), ...overrides };
}

export function vendor(id: string, overrides: Partial<VendorRecord> = {}): VendorRecord {
  return {
    id,
    name: `Vendor ${id}`,
    website_url: `https://${id}.example/`,
    description: `What ${id} sells`,
    created_at: nextTimestamp(),
    profile_status: 'pending',
    profile_updated_at: null,
    ...overrides,
  };
}

export function scenario(id: string, overrides: Partial<ScenarioRecord> = {}): ScenarioRecord {
  return {
    id,
    task: 'Find an email API under $50 a month',
    category: 'email api',
    requirements: ['SMTP relay', 'webhooks'],
    budget: { amount: 50, currency: 'USD', period: 'month' },
    created_at: nextTimestamp(),
    ...overrides,
  };
}

export function evaluation(id: string, overrides: Partial<EvaluationRecord> = {}): EvaluationRecord {
  return {
    id,
    customer_id: 'cust-1',
    scenario_id: 'scn-1',
    vendor_ids: ['ven-a', 'ven-b'],
    customer_vendor_id: 'ven-a',
    models: ['rules', 'openai:gpt-4o-mini'],
    samples: 2,
    status: 'created',
    error: null,
    created_at: nextTimestamp(),
    started_at: null,
    completed_at: null,
    phase: 'idle',
    progress: { total_runs: 10, completed_runs: 0, failed_runs: 0 },
    max_cost_usd: null,
    no_cache: false,
    spend: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
    ...overrides,
  };
}

export function sample(index: number, textBytes = 200): TraceSample {
  const filler = 'The pricing page lists three plans with monthly prices and a free tier. '.repeat(Math.ceil(textBytes / 72));
  return {
    sample: index,
    prompt: `Prompt ${index}: ${filler.slice(0, textBytes)}`,
    response: `Response ${index}: ${filler.slice(0, textBytes / 2)} "quoted" \\ unicode: é ü 漢字`,
    reasoning: 'compared plans',
    justification: 'published prices',
    score: 7.25,
    evidence: [{ quote: 'Starter $20/month', source_url: 'https://ven-a.example/pricing', supported: true }],
    duration_ms: 42,
    temperature: 0.2,
    seed: 7,
    error: null,
  };
}

export function run(evaluationId: string, seq: number, overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    id: runId(evaluationId, seq),
    evaluation_id: evaluationId,
    seq,
    model: 'rules',
    vendor_id: 'ven-a',
    vendor_name: 'Vendor A',
    stage: 'comprehension',
    status: 'completed',
    score: 6.5,
    error: null,
    duration_ms: 120,
    started_at: '2025-03-01T09:00:00.000Z',
    completed_at: '2025-03-01T09:00:01.000Z',
    samples: [sample(0), sample(1)],
    detail: { checks: [{ name: 'pricing_published', passed: true }] },
    usage: { input_tokens: 1200, output_tokens: 300 },
    cost_usd: 0.00036,
    cached_samples: 0,
    ...overrides,
  };
}

export function profile(vendorId: string, overrides: Partial<VendorProfile> = {}): VendorProfile {
  return {
    ...emptyProfile(vendorId, `https://${vendorId}.example/`),
    status: 'ok',
    summary: `Read 3 pages of ${vendorId}.`,
    ingested_at: '2025-03-01T08:00:00.000Z',
    duration_ms: 900,
    ...overrides,
  };
}

export function results(evaluationId: string): EvaluationResults {
  const funnel = { consideration: 80, comprehension: 70, preference: 60, executability: 50, completion: 40 };
  return {
    scores: {
      evaluation_id: evaluationId,
      customer_vendor_id: 'ven-a',
      overall_score: 60,
      funnel_scores: funnel,
      overall_interval: { mean: 60, low: 55.5, high: 64.5, n: 2 },
      funnel_intervals: pointIntervals(funnel),
      interval_level: 0.95,
      vendor_rankings: [
        {
          vendor_id: 'ven-a',
          name: 'Vendor A',
          score: 60,
          rank: 1,
          is_customer: true,
          funnel_scores: funnel,
          interval: { mean: 60, low: 55.5, high: 64.5, n: 2 },
          funnel_intervals: pointIntervals(funnel),
          tied_with: [],
        },
      ],
      partial: false,
      models: ['rules'],
      failed_models: [],
      scale: { run: '0-10', funnel: '0-100', overall: '0-100' },
    },
    diagnosis: { evaluation_id: evaluationId, customer_vendor_id: 'ven-a', root_causes: [], causal_variants: [] },
    computed_at: '2025-03-01T09:10:00.000Z',
  };
}

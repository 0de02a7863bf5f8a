import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlJsStore } from '../../server/adapters/storage';
import { FUNNEL_STAGES, emptyProfile, type TraceSample, type VendorProfile } from '../../server/contracts';
import { runId, type EvaluationRecord, type EvaluationResults, type RunRecord } from '../../server/core/domain';
import type { Store } from '../../server/core/ports';
import { pointIntervals } from '../../server/core/scoring/intervals';

export interface SeedOptions {
  evaluations: number;
  /** Roughly how many bytes of evaluation data to store in total (runs, traces, profile snapshots, results). */
  approxBytes: number;
  /** Seed of the text generator, so two runs store the same data. */
  seed?: number;
}

export interface SeededDataDir {
  evaluationIds: string[];
  vendorIds: string[];
  /** JSON bytes of the runs, profile snapshots and results stored: the data itself, before SQLite's pages. */
  evaluationDataBytes: number;
  bytesOnDisk: number;
}

const VENDORS = 40;
const VENDORS_PER_EVALUATION = 3;
const MODELS = ['rules', 'openai:gpt-4o-mini'];

/**
 * Fills a data directory through the store, as the app would: vendors with
 * ingested profiles, then completed evaluations whose runs carry long
 * prompt / response traces. One transaction per evaluation.
 */
export async function seedDataDir(dataDir: string, options: SeedOptions): Promise<SeededDataDir> {
  const words = new WordSource(options.seed ?? 1);
  const store = await openSqlJsStore({ dataDir });
  let seeded: Omit<SeededDataDir, 'bytesOnDisk'>;
  try {
    const perEvaluation = Math.max(4_000, Math.floor(options.approxBytes / options.evaluations));
    const started = Date.parse('2024-01-01T00:00:00.000Z');
    const at = (minutes: number) => new Date(started + minutes * 60_000).toISOString();

    store.customers.insert({ id: 'bench-customer', name: 'Bench Customer', website_url: 'https://bench.example/', created_at: at(0) });
    store.scenarios.insert({
      id: 'bench-scenario',
      task: 'Find a transactional email API under $50 a month',
      category: 'email api',
      requirements: ['webhooks', 'SMTP relay'],
      budget: { amount: 50, currency: 'USD', period: 'month' },
      created_at: at(0),
    });
    const vendorIds = Array.from({ length: VENDORS }, (_, index) => `bench-vendor-${index}`);
    const profiles = new Map<string, VendorProfile>();
    for (const [index, id] of vendorIds.entries()) {
      store.vendors.insert({
        id,
        name: `Vendor ${index}`,
        website_url: `https://vendor-${index}.example/`,
        description: words.text(200),
        created_at: at(index),
        profile_status: 'pending',
        profile_updated_at: null,
      });
      const profile = profileOf(id, index, words, Math.floor(perEvaluation * 0.06));
      store.vendors.saveProfile(profile);
      profiles.set(id, profile);
    }

    const evaluationIds: string[] = [];
    let evaluationDataBytes = 0;
    for (let index = 0; index < options.evaluations; index += 1) {
      const id = `bench-eval-${String(index).padStart(5, '0')}`;
      const vendors = Array.from({ length: VENDORS_PER_EVALUATION }, (_, k) => vendorIds[(index + k * 7) % VENDORS]!);
      evaluationDataBytes += storeEvaluation(store, words, { id, vendors, profiles, createdAt: at(100 + index), bytes: perEvaluation });
      evaluationIds.push(id);
    }
    seeded = { evaluationIds, vendorIds, evaluationDataBytes };
  } finally {
    store.close();
  }
  return { ...seeded, bytesOnDisk: bytesOnDisk(dataDir) };
}

function storeEvaluation(
  store: Store,
  words: WordSource,
  plan: { id: string; vendors: string[]; profiles: Map<string, VendorProfile>; createdAt: string; bytes: number },
): number {
  const runCount = MODELS.length * plan.vendors.length * FUNNEL_STAGES.length;
  // Traces are most of an evaluation; the profile snapshots and results take the rest.
  const traceBytes = Math.floor((plan.bytes * 0.8) / runCount);
  const runs: RunRecord[] = [];
  for (const model of MODELS) {
    for (const vendorId of plan.vendors) {
      for (const stage of FUNNEL_STAGES) {
        const seq = runs.length;
        const samples = model === 'rules' ? 1 : 2;
        runs.push({
          id: runId(plan.id, seq),
          evaluation_id: plan.id,
          seq,
          model,
          vendor_id: vendorId,
          vendor_name: vendorId,
          stage,
          status: 'completed',
          score: words.score(),
          error: null,
          duration_ms: 800,
          started_at: plan.createdAt,
          completed_at: plan.createdAt,
          samples: Array.from({ length: samples }, (_, sample) => traceSample(sample, words, Math.floor(traceBytes / samples))),
          detail: model === 'rules' ? { checks: [{ code: 'pricing_published', passed: words.score() > 5 }] } : null,
        });
      }
    }
  }
  const evaluation: EvaluationRecord = {
    id: plan.id,
    customer_id: 'bench-customer',
    scenario_id: 'bench-scenario',
    vendor_ids: plan.vendors,
    customer_vendor_id: plan.vendors[0]!,
    models: MODELS,
    samples: null,
    status: 'created',
    error: null,
    created_at: plan.createdAt,
    started_at: null,
    completed_at: null,
    phase: 'idle',
    progress: { total_runs: runs.length, completed_runs: 0, failed_runs: 0 },
  };
  const snapshots = plan.vendors.map((vendorId) => plan.profiles.get(vendorId)!);
  const results = resultsOf(plan.id, plan.vendors, plan.createdAt);
  store.transaction(() => {
    store.evaluations.insert(evaluation);
    store.evaluations.resetRuns(plan.id, runs);
    store.evaluations.saveProfileSnapshots(plan.id, snapshots);
    store.evaluations.saveResults(plan.id, results);
    store.evaluations.update(plan.id, {
      status: 'completed',
      phase: 'done',
      started_at: plan.createdAt,
      completed_at: plan.createdAt,
      progress: { total_runs: runs.length, completed_runs: runs.length, failed_runs: 0 },
    });
  });
  return JSON.stringify(runs).length + JSON.stringify(snapshots).length + JSON.stringify(results).length;
}

export function traceSample(sample: number, words: WordSource, bytes: number): TraceSample {
  return {
    sample,
    prompt: words.text(Math.floor(bytes * 0.6)),
    response: words.text(Math.floor(bytes * 0.3)),
    reasoning: words.text(Math.floor(bytes * 0.05)),
    justification: words.text(Math.floor(bytes * 0.05)),
    score: words.score(),
    evidence: [{ quote: words.text(80), source_url: 'https://vendor.example/pricing', supported: true }],
    duration_ms: 700,
    temperature: 0.2,
    seed: sample,
    error: null,
  };
}

function profileOf(vendorId: string, index: number, words: WordSource, bytes: number): VendorProfile {
  const base = emptyProfile(vendorId, `https://vendor-${index}.example/`);
  const page = (kind: 'home' | 'pricing' | 'docs', share: number) => ({
    url: `https://vendor-${index}.example/${kind}`,
    final_url: `https://vendor-${index}.example/${kind}`,
    kind,
    http_status: 200,
    content_type: 'text/html',
    title: `${kind} of vendor ${index}`,
    bytes: Math.floor(bytes * share),
    duration_ms: 120,
    redirects: [],
    truncated: false,
    text: words.text(Math.floor(bytes * share)),
  });
  return {
    ...base,
    status: 'ok',
    summary: `Read 3 pages of vendor ${index}.`,
    ingested_at: '2024-01-01T00:00:00.000Z',
    duration_ms: 900,
    pages: [page('home', 0.4), page('pricing', 0.3), page('docs', 0.3)],
  };
}

function resultsOf(evaluationId: string, vendors: string[], computedAt: string): EvaluationResults {
  const funnel = { consideration: 80, comprehension: 72, preference: 61, executability: 55, completion: 40 };
  return {
    scores: {
      evaluation_id: evaluationId,
      customer_vendor_id: vendors[0]!,
      overall_score: 61.6,
      funnel_scores: funnel,
      overall_interval: { mean: 61.6, low: 58.2, high: 65, n: 3 },
      funnel_intervals: pointIntervals(funnel, 3),
      interval_level: 0.95,
      vendor_rankings: vendors.map((vendorId, rank) => ({
        vendor_id: vendorId,
        name: vendorId,
        score: 61.6 - rank,
        rank: rank + 1,
        is_customer: rank === 0,
        funnel_scores: funnel,
        interval: { mean: 61.6 - rank, low: 58.2 - rank, high: 65 - rank, n: 3 },
        funnel_intervals: pointIntervals(funnel, 3),
        tied_with: [],
      })),
      partial: false,
      models: MODELS,
      failed_models: [],
      scale: { run: '0-10', funnel: '0-100', overall: '0-100' },
    },
    diagnosis: { evaluation_id: evaluationId, customer_vendor_id: vendors[0]!, root_causes: [], causal_variants: [] },
    computed_at: computedAt,
  };
}

const VOCABULARY = (
  'pricing plan month annual free trial seat usage api key webhook sandbox quickstart sdk python node ' +
  'signup checkout invoice contact sales demo enterprise starter team limit request rate docs reference ' +
  'the a of to and for with on agent buyer vendor compares reads evidence quote score stage budget'
).split(' ');

/** Deterministic prose-like text (mulberry32), so stored bytes look like traces rather than one repeated character. */
export class WordSource {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  text(bytes: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < bytes) {
      const word = VOCABULARY[Math.floor(this.next() * VOCABULARY.length)]!;
      parts.push(word);
      length += word.length + 1;
    }
    return parts.join(' ').slice(0, bytes);
  }

  score(): number {
    return Math.round(this.next() * 100) / 10;
  }
}

export function bytesOnDisk(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesOnDisk(path) : statSync(path).size;
  }
  return total;
}

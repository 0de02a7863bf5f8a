import {
  emptyProfile,
  FUNNEL_STAGES,
  type FunnelScores,
  type FunnelStage,
  type VendorProfile,
  type VendorRanking,
} from '../../../../server/contracts';
import type { RunRecord, VendorRecord } from '../../../../server/core/domain';
import type { ReportInput } from '../../../../server/core/report';
import { intervalsOverlap, pointInterval, vendorIntervals } from '../../../../server/core/scoring/intervals';

/**
 * A realistic evaluation of three vendors: the customer (Acme Analytics) and
 * two competitors, two models, every stage run, with root causes and one
 * causal variant. Options put hostile text where websites and models could.
 */
export interface ReportFixtureOptions {
  vendorNames?: readonly [string, string, string];
  task?: string;
  /** Replaces the customer's first evidence quote. */
  quote?: string;
  /** Replaces every model response. */
  response?: string;
  /** Replaces the customer's pricing URL, wherever it is cited. */
  pricingUrl?: string;
  /** Number of the customer's runs, in plan order, that fail. */
  failedRuns?: number;
}

export const MODELS = ['rules', 'openai:gpt-4o-mini'] as const;
const EVALUATION_ID = 'ev_2f6c1a';
const CREATED = '2025-05-12T09:00:00.000Z';

/** Run scores on 0 to 10, one per model, per vendor and stage. */
const RUN_SCORES: Readonly<Record<string, Record<FunnelStage, readonly [number, number]>>> = {
  acme: { consideration: [7, 6.5], comprehension: [8, 7.5], preference: [5, 4.5], executability: [3, 2.5], completion: [2, 3] },
  globex: { consideration: [8, 7.5], comprehension: [7, 7], preference: [7.5, 7], executability: [8, 7], completion: [7, 6.5] },
  initech: { consideration: [5, 5.5], comprehension: [6, 5], preference: [4, 4.5], executability: [6, 5.5], completion: [3, 3.5] },
};

const LONG_PROMPT = [
  'You are a purchasing agent acting for a buyer. Task: find a product analytics tool for a 20-person SaaS team.',
  'Read the vendor website text below and decide how far a buyer can get without talking to anyone.',
  'Answer with JSON holding score (0 to 10), reasoning, justification and evidence quotes with their source URLs.',
  'Vendor website text follows. '.repeat(30),
].join('\n\n');

const round1 = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function vendorRecords(names: readonly [string, string, string]): VendorRecord[] {
  const sites = ['https://acme.example/', 'https://globex.example/', 'https://initech.example/'];
  return (['acme', 'globex', 'initech'] as const).map((id, index) => ({
    id,
    name: names[index]!,
    website_url: sites[index]!,
    description: '',
    created_at: CREATED,
    profile_status: 'ok',
    profile_updated_at: CREATED,
  }));
}

function runsOf(vendors: readonly VendorRecord[], options: ReportFixtureOptions): RunRecord[] {
  const runs: RunRecord[] = [];
  let failedLeft = options.failedRuns ?? 0;
  for (const vendor of vendors) {
    for (const stage of FUNNEL_STAGES) {
      MODELS.forEach((model, modelIndex) => {
        const seq = runs.length + 1;
        const fails = vendor.id === 'acme' && modelIndex === 1 && failedLeft > 0;
        if (fails) failedLeft -= 1;
        const score = RUN_SCORES[vendor.id]![stage][modelIndex]!;
        const pricingUrl = options.pricingUrl ?? 'https://acme.example/pricing';
        runs.push({
          id: `${EVALUATION_ID}.${seq}`,
          evaluation_id: EVALUATION_ID,
          seq,
          model,
          vendor_id: vendor.id,
          vendor_name: vendor.name,
          stage,
          status: fails ? 'failed' : 'completed',
          score: fails ? null : score,
          error: fails ? 'openai:gpt-4o-mini answered 429 Too Many Requests three times' : null,
          duration_ms: 1200,
          started_at: CREATED,
          completed_at: CREATED,
          detail: null,
          usage: model === 'rules' || fails ? { input_tokens: 0, output_tokens: 0 } : { input_tokens: 2000, output_tokens: 500 },
          cost_usd: model === 'rules' || fails ? 0 : 0.0006,
          cached_samples: 0,
          samples: fails
            ? []
            : [
                {
                  sample: 1,
                  prompt: `${LONG_PROMPT}\nStage: ${stage}. Vendor: ${vendor.name}.`,
                  response:
                    options.response ??
                    `{"score": ${score}, "reasoning": "The pricing page of ${vendor.name} was read in full.", "evidence": []}`,
                  reasoning: `I looked for prices, a sign-up form and documentation on the ${stage} stage.`,
                  justification:
                    vendor.id === 'acme' && stage === 'completion'
                      ? 'Prices are not shown: the pricing page only offers a sales call, so the purchase cannot be completed.'
                      : `Scored ${score} of 10 on ${stage}.`,
                  score,
                  evidence: [
                    {
                      quote: vendor.id === 'acme' && options.quote !== undefined ? options.quote : 'Contact sales for a quote.',
                      source_url: vendor.id === 'acme' ? pricingUrl : `${vendor.website_url}pricing`,
                      supported: true,
                    },
                  ],
                  duration_ms: 1200,
                  temperature: model === 'rules' ? null : 0.2,
                  seed: null,
                  error: null,
                },
              ],
        });
      });
    }
  }
  return runs;
}

function stageScores(vendorId: string, runs: readonly RunRecord[]): FunnelScores {
  const entries = FUNNEL_STAGES.map((stage) => {
    const scores = runs.flatMap((run) =>
      run.vendor_id === vendorId && run.stage === stage && run.score !== null ? [run.score] : [],
    );
    return [stage, scores.length > 0 ? round1(mean(scores) * 10) : 0] as const;
  });
  return Object.fromEntries(entries) as FunnelScores;
}

function profileOf(vendor: VendorRecord, pricingUrl: string): VendorProfile {
  const base = emptyProfile(vendor.id, vendor.website_url);
  const isAcme = vendor.id === 'acme';
  const pricingPage = isAcme ? pricingUrl : `${vendor.website_url}pricing`;
  return {
    ...base,
    status: vendor.id === 'initech' ? 'partial' : 'ok',
    summary: isAcme
      ? 'Read 6 pages: features and docs found; prices are not published.'
      : `Read 8 pages of ${vendor.name}: prices, sign-up and documentation found.`,
    ingested_at: CREATED,
    pricing: {
      ...base.pricing,
      published: !isAcme,
      currency: isAcme ? null : 'USD',
      contact_sales: isAcme,
      pricing_url: pricingPage,
      free_tier: vendor.id === 'globex',
      plans: isAcme
        ? []
        : [
            { name: 'Team', price: 49, currency: 'USD', period: 'month', is_free: false, contact_sales: false, evidence: { source_url: pricingPage, quote: 'Team $49/month' } },
            { name: 'Annual', price: 480, currency: 'USD', period: 'year', is_free: false, contact_sales: false, evidence: { source_url: pricingPage, quote: 'Annual $480/year' } },
          ],
    },
    documentation: { ...base.documentation, found: true, docs_url: `${vendor.website_url}docs`, pages: 3, quality_score: isAcme ? 45 : 85 },
    api: { ...base.api, has_api: !isAcme, sandbox: vendor.id === 'globex' },
    signup: { ...base.signup, self_serve: vendor.id !== 'initech', checkout: vendor.id === 'globex', sales_gate: vendor.id === 'initech' },
    pages: ['', 'pricing', 'docs'].map((path) => ({
      url: path === 'pricing' ? pricingPage : `${vendor.website_url}${path}`,
      final_url: path === 'pricing' ? pricingPage : `${vendor.website_url}${path}`,
      kind: path === 'pricing' ? 'pricing' : path === 'docs' ? 'docs' : 'home',
      http_status: 200,
      content_type: 'text/html',
      title: vendor.name,
      bytes: 18_000,
      duration_ms: 90,
      redirects: [],
      truncated: false,
      text: '',
    })),
    problems: vendor.id === 'initech' ? [{ url: 'https://initech.example/api', kind: 'timeout', detail: 'no answer within 10 s' }] : [],
  };
}

export function reportFixture(options: ReportFixtureOptions = {}): ReportInput {
  const names = options.vendorNames ?? ['Acme Analytics', 'Globex Metrics', 'Initech Insights'];
  const vendors = vendorRecords(names);
  const runs = runsOf(vendors, options);
  const pricingUrl = options.pricingUrl ?? 'https://acme.example/pricing';
  const funnels = new Map(vendors.map((vendor) => [vendor.id, stageScores(vendor.id, runs)]));
  const overall = (id: string) => round1(mean(Object.values(funnels.get(id)!)));
  const intervals = (id: string) => vendorIntervals(id, runs, funnels.get(id)!, overall(id));
  const ranked = vendors
    .map((vendor) => ({
      vendor_id: vendor.id,
      name: vendor.name,
      score: overall(vendor.id),
      rank: 0,
      is_customer: vendor.id === 'acme',
      funnel_scores: funnels.get(vendor.id)!,
      interval: intervals(vendor.id).overall,
      funnel_intervals: intervals(vendor.id).funnel,
      tied_with: [] as string[],
    }))
    .sort((a, b) => b.score - a.score);
  const rankings: VendorRanking[] = ranked.map((ranking, index) => ({
    ...ranking,
    rank: index + 1,
    tied_with: ranked
      .filter((other) => other.vendor_id !== ranking.vendor_id && intervalsOverlap(other.interval, ranking.interval))
      .map((other) => other.vendor_id),
  }));
  const acme = funnels.get('acme')!;
  const failed = runs.filter((run) => run.status === 'failed').length;
  return {
    evaluation: {
      id: EVALUATION_ID,
      customer_id: 'cu_acme',
      scenario_id: 'sc_analytics',
      vendor_ids: vendors.map((vendor) => vendor.id),
      customer_vendor_id: 'acme',
      models: [...MODELS],
      samples: null,
      status: 'completed',
      error: null,
      created_at: CREATED,
      started_at: '2025-05-12T09:00:05.000Z',
      completed_at: '2025-05-12T09:03:41.000Z',
      phase: 'done',
      progress: { total_runs: runs.length, completed_runs: runs.length, failed_runs: failed },
    },
    customer: { id: 'cu_acme', name: names[0], website_url: 'https://acme.example/', created_at: CREATED },
    scenario: {
      id: 'sc_analytics',
      task: options.task ?? 'Find a product analytics tool for a 20-person SaaS team, under $100 a month, that we can set up today.',
      category: 'Product analytics',
      requirements: ['Event tracking API', 'Self-serve sign-up', 'SOC 2 report'],
      budget: { amount: 100, currency: 'USD', period: 'month' },
      created_at: CREATED,
    },
    vendors,
    profiles: vendors.map((vendor) => profileOf(vendor, pricingUrl)),
    runs,
    results: {
      computed_at: '2025-05-12T09:03:41.000Z',
      scores: {
        evaluation_id: EVALUATION_ID,
        customer_vendor_id: 'acme',
        overall_score: overall('acme'),
        funnel_scores: acme,
        overall_interval: intervals('acme').overall,
        funnel_intervals: intervals('acme').funnel,
        interval_level: 0.95,
        vendor_rankings: rankings,
        partial: failed > 0,
        models: [...MODELS],
        failed_models: [],
        scale: { run: '0-10', funnel: '0-100', overall: '0-100' },
      },
      diagnosis: {
        evaluation_id: EVALUATION_ID,
        customer_vendor_id: 'acme',
        root_causes: [
          {
            stage: 'completion', code: 'pricing_not_published', vendor_id: 'acme', impact: 'high', points_lost: 35,
            issue: 'Prices are not published: the pricing page asks buyers to contact sales.',
            fix: 'Publish plan prices on the pricing page, with at least one plan a buyer can pay for online.',
            evidence: [{ source_url: pricingUrl, detail: 'The page says "Contact sales for a quote" and lists no price.' }],
          },
          {
            stage: 'executability', code: 'no_api_reference', vendor_id: 'acme', impact: 'high', points_lost: 24,
            issue: 'No API reference could be found from the documentation.',
            fix: 'Link an API reference (ideally an OpenAPI file) from the docs home page.',
            evidence: [{ source_url: 'https://acme.example/docs', detail: 'The docs cover the dashboard only.' }],
          },
          {
            stage: 'completion', code: 'sales_gate', vendor_id: 'initech', impact: 'high', points_lost: 30,
            issue: 'Buying requires a demo call.',
            fix: 'Offer online checkout.',
            evidence: [{ source_url: 'https://initech.example/pricing', detail: '"Book a demo to get started."' }],
          },
          {
            stage: 'executability', code: 'no_quickstart', vendor_id: 'acme', impact: 'medium', points_lost: 12,
            issue: 'The documentation has no quickstart.',
            fix: 'Add a quickstart that takes a new account to its first tracked event in five minutes.',
            evidence: [],
          },
        ],
        causal_variants: [
          {
            code: 'pricing_not_published',
            fix: 'Publish plan prices on the pricing page, with at least one plan a buyer can pay for online.',
            model: 'rules',
            stage_deltas: FUNNEL_STAGES.map((stage) => ({
              stage,
              baseline: acme[stage],
              variant: stage === 'completion' ? 70 : stage === 'preference' ? acme[stage] + 10 : acme[stage],
              delta: stage === 'completion' ? 70 - acme[stage] : stage === 'preference' ? 10 : 0,
              delta_interval: pointInterval(stage === 'completion' ? 70 - acme[stage] : stage === 'preference' ? 10 : 0),
            })),
            overall_baseline: overall('acme'),
            overall_variant: round1(overall('acme') + (70 - acme.completion + 10) / 5),
            overall_delta: round1((70 - acme.completion + 10) / 5),
            overall_delta_interval: pointInterval(round1((70 - acme.completion + 10) / 5)),
          },
        ],
      },
    },
    generatedAt: new Date('2025-05-12T10:15:00.000Z'),
  };
}

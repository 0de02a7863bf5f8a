/**
 * Evaluation bench: a whole evaluation through the real context, runner and
 * OpenAI-compatible provider path, against a local model server that answers
 * every call in a fixed time. Wall time is compared with its ideal bound: the
 * time every run must hold a runner slot (its samples × the calls a sample
 * makes in turn × the latency), spread over the runs allowed at once.
 *
 *   node --import tsx bench/evaluation.ts [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStaticSites, type ServedSites } from '../server/adapters/web/static-sites';
import { FUNNEL_STAGES, type FunnelStage } from '../server/contracts';
import { createContext, type AppContext } from '../server/context';
import { DEMO_SITES_DIR } from '../server/demo';
import { formatTable, row, type BenchRow } from './lib/bench-table';
import { startSlowChatProvider } from './lib/slow-chat-provider';

export type { BenchRow } from './lib/bench-table';

export interface EvaluationBenchOptions {
  /** One sample per run instead of three. */
  quick?: boolean;
  progress?: (message: string) => void;
}

const LATENCY_MS = 200;
const CONCURRENCY = 4;
const VENDORS = 4;
const MODEL = 'openai:bench-model';
/** Scheduling, storage and scoring may add this much to the ideal. */
const OVERHEAD_BOUND = 1.15;
/** The language model agent asks consideration twice in turn (unaided recall, then the scored question). */
const CALLS_PER_SAMPLE: Readonly<Record<FunnelStage, number>> = {
  consideration: 2,
  comprehension: 1,
  preference: 1,
  executability: 1,
  completion: 1,
};

async function waitForProfiles(ctx: AppContext, vendorIds: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (vendorIds.some((id) => ctx.catalog.getVendor(id).profile_status === 'pending')) {
    if (Date.now() > deadline) throw new Error('the vendor sites were not read within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runEvaluationBench(options: EvaluationBenchOptions = {}): Promise<BenchRow[]> {
  const progress = options.progress ?? (() => undefined);
  const samples = options.quick ? 1 : 3;
  const dataDir = mkdtempSync(join(tmpdir(), 'evaluation-bench-'));
  const provider = await startSlowChatProvider(LATENCY_MS);
  // The demo sites served twice give four distinct origins.
  const served: ServedSites[] = [await serveStaticSites(DEMO_SITES_DIR), await serveStaticSites(DEMO_SITES_DIR)];
  const sites = served.flatMap((set) => set.sites).slice(0, VENDORS);
  const ctx = await createContext({
    dataDir,
    concurrency: CONCURRENCY,
    resume: false,
    env: {},
    llm: { openaiApiKey: 'bench-key', openaiBaseUrl: provider.openaiUrl, concurrency: { openai: CONCURRENCY }, cache: false },
    priceTable: { [MODEL]: { input_usd_per_million: 0.15, output_usd_per_million: 0.6 } },
  });
  try {
    const customer = ctx.catalog.createCustomer({ name: 'Bench Buyer', website_url: sites[0]!.url });
    const vendors = sites.map((site, index) =>
      ctx.catalog.createVendor({ name: `Vendor ${String.fromCharCode(65 + index)} ${site.slug}`, website_url: site.url, description: '' }),
    );
    const scenario = ctx.catalog.createScenario({
      task: 'Choose a transactional email API for under $50 a month',
      category: 'email_api',
      requirements: ['REST API', 'Webhooks'],
    });
    progress('reading the vendor sites');
    await waitForProfiles(ctx, vendors.map((vendor) => vendor.id));
    const evaluation = ctx.evaluations.create({
      customer_id: customer.id,
      scenario_id: scenario.id,
      vendor_ids: vendors.map((vendor) => vendor.id),
      models: [MODEL],
      samples,
    });

    progress(`running ${VENDORS * 5} runs × ${samples} samples, ${LATENCY_MS} ms a call, ${CONCURRENCY} at a time`);
    const started = performance.now();
    ctx.evaluations.run(evaluation.id);
    // The planned runs end when the phase moves on to scoring and the measured variants.
    let plannedMs = Number.NaN;
    while (ctx.runner.isActive(evaluation.id)) {
      const phase = ctx.evaluations.status(evaluation.id).phase;
      if (Number.isNaN(plannedMs) && phase !== 'ingesting' && phase !== 'running') plannedMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const wallMs = performance.now() - started;
    const status = ctx.evaluations.status(evaluation.id);
    if (status.status !== 'completed') throw new Error(`the bench evaluation ended ${status.status}: ${status.error}`);

    // Identical calls in flight at once are shared by the provider path, so fewer calls reach the server than
    // runs ask for; a run still waits for each of its calls, so the bound counts calls as the runs make them.
    const slotMs = FUNNEL_STAGES.reduce((sum, stage) => sum + VENDORS * samples * CALLS_PER_SAMPLE[stage] * LATENCY_MS, 0);
    const idealMs = slotMs / CONCURRENCY;
    const variantRuns = ctx.store.evaluations.getResults(evaluation.id)?.variant_runs ?? [];
    const variantSlotMs = variantRuns.reduce((sum, run) => sum + run.samples.length * CALLS_PER_SAMPLE[run.stage] * LATENCY_MS, 0);
    const idealWithVariantsMs = (slotMs + variantSlotMs) / CONCURRENCY;
    return [
      row(`provider calls received (${VENDORS * 5} runs × ${samples} samples; identical calls in flight are shared)`, provider.calls, 'calls'),
      row(`ideal: run slot time / ${CONCURRENCY} runs at a time, ${LATENCY_MS} ms a call`, idealMs, 'ms'),
      row('planned runs: wall time, run to the last planned run', plannedMs, 'ms'),
      row('planned runs: wall time / ideal', plannedMs / idealMs, '×', OVERHEAD_BOUND),
      row(`measured causal variants: ${variantRuns.length} runs, ideal added`, variantSlotMs / CONCURRENCY, 'ms'),
      row('whole evaluation incl. variants and scoring: wall time', wallMs, 'ms'),
      row('whole evaluation: wall time / ideal', wallMs / idealWithVariantsMs, '×', OVERHEAD_BOUND),
      row('calls in flight at most', provider.maxInFlight, 'calls', CONCURRENCY),
      row('recorded cost of the evaluation (peer)', status.cost_usd, 'USD'),
    ];
  } finally {
    await ctx.close();
    await provider.close();
    for (const set of served) await set.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runEvaluationBench({
    quick: process.argv.includes('--quick'),
    progress: (message) => process.stderr.write(`… ${message}\n`),
  });
  process.stdout.write(`${formatTable(rows)}\n`);
  if (rows.some((r) => r.ratio !== null && r.ratio > 1)) process.exitCode = 1;
}

import type {
  FailedModel,
  DiagnosisView,
  EvaluationCancelled,
  EvaluationCreate,
  EvaluationEstimate,
  QuickEvalCreate,
  QuickEvalResult,
  RunList,
  RunStarted,
  RunTrace,
  ScoresView,
  StatusView,
} from '../../contracts';
import { FieldError, NotFoundError, StateError, type FieldIssue } from '../errors';
import { evaluationIdOfRun, NO_SPEND, type EvaluationRecord, type RunRecord, type VendorRecord } from '../domain';
import type { AgentRegistry, IdSource, Store } from '../ports';
import { buildReport, renderReportHtml, type ReportDocument } from '../report';
import { withIntervals } from '../scoring/results';
import type { Catalog } from './catalog';
import { roundUsd, type PriceTable } from './cost';
import { estimateEvaluation } from './estimate';
import { CANCELLED_BY_USER, type EvaluationRunner } from './runner';
import type { VendorIngestion } from './vendor-ingestion';

export interface EvaluationsDeps {
  store: Store;
  ids: IdSource;
  now: () => Date;
  catalog: Catalog;
  registry: AgentRegistry;
  runner: EvaluationRunner;
  ingestion: VendorIngestion;
  prices: PriceTable;
}

export interface RunFilter {
  stage?: string;
  model?: string;
  vendor_id?: string;
  status?: string;
}

/** Host without a leading www., used to tell which vendor is the customer's product. */
export function siteHost(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/** Host and port: two local sites on different ports are different sites. */
function siteKey(url: string): string {
  const port = new URL(url).port;
  return port ? `${siteHost(url)}:${port}` : siteHost(url);
}

/** A readable vendor name from a website URL: https://www.mail-crane.io → Mail Crane. */
export function nameFromUrl(url: string): string {
  const host = siteHost(url);
  if (/^[\d.]+$|^localhost$|^\[/.test(host)) return siteKey(url);
  const labels = host.split('.');
  const core = labels.length > 1 ? labels[labels.length - 2]! : host;
  return core
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export class Evaluations {
  constructor(private readonly deps: EvaluationsDeps) {}

  create(input: EvaluationCreate): EvaluationRecord {
    const issues: FieldIssue[] = [];
    if (!this.deps.store.customers.get(input.customer_id)) {
      issues.push({ field: 'customer_id', message: `no customer has id '${input.customer_id}'` });
    }
    if (!this.deps.store.scenarios.get(input.scenario_id)) {
      issues.push({ field: 'scenario_id', message: `no scenario has id '${input.scenario_id}'` });
    }
    const vendors: VendorRecord[] = [];
    input.vendor_ids.forEach((id, index) => {
      const vendor = this.deps.store.vendors.get(id);
      if (vendor) vendors.push(vendor);
      else issues.push({ field: `vendor_ids[${index}]`, message: `no vendor has id '${id}'` });
    });
    const models = this.checkModels(input.models, issues);
    if (issues.length > 0) throw new FieldError(issues);

    const customer = this.deps.store.customers.get(input.customer_id)!;
    const customerVendorId = this.customerVendorOf(customer.website_url, vendors, input.customer_vendor_id);
    const evaluation = this.newEvaluation({
      customer_id: customer.id,
      scenario_id: input.scenario_id,
      vendor_ids: input.vendor_ids,
      customer_vendor_id: customerVendorId,
      models,
      samples: input.samples ?? null,
      max_cost_usd: input.max_cost_usd ?? null,
      no_cache: input.no_cache ?? false,
    });
    this.deps.store.evaluations.insert(evaluation);
    return evaluation;
  }

  quickEval(input: QuickEvalCreate): QuickEvalResult {
    const issues: FieldIssue[] = [];
    const seen = new Map<string, string>([[siteKey(input.website_url), 'website_url']]);
    input.competitors.forEach((url, index) => {
      const earlier = seen.get(siteKey(url));
      if (earlier) issues.push({ field: `competitors[${index}]`, message: `repeats the site of ${earlier} (${url})` });
      else seen.set(siteKey(url), `competitors[${index}]`);
    });
    const models = this.checkModels(input.models, issues);
    if (issues.length > 0) throw new FieldError(issues);

    const { catalog } = this.deps;
    const customer = catalog.newCustomer({ name: input.company_name, website_url: input.website_url });
    const own = catalog.newVendor({ name: input.company_name, website_url: input.website_url, description: '' });
    const competitors = input.competitors.map((url) =>
      catalog.newVendor({ name: nameFromUrl(url), website_url: url, description: '' }),
    );
    const vendors = [own, ...competitors];
    const scenario = catalog.newScenario({
      task: input.task,
      category: input.category,
      requirements: input.requirements ?? [],
    });
    const evaluation = this.newEvaluation({
      customer_id: customer.id,
      scenario_id: scenario.id,
      vendor_ids: vendors.map((vendor) => vendor.id),
      customer_vendor_id: own.id,
      models,
      samples: input.samples ?? null,
      max_cost_usd: input.max_cost_usd ?? null,
      no_cache: input.no_cache ?? false,
    });

    const { store } = this.deps;
    store.transaction(() => {
      store.customers.insert(customer);
      for (const vendor of vendors) store.vendors.insert(vendor);
      store.scenarios.insert(scenario);
      store.evaluations.insert(evaluation);
    });
    for (const vendor of vendors) this.deps.ingestion.startInBackground(vendor);

    return {
      evaluation_id: evaluation.id,
      customer_id: customer.id,
      vendor_ids: evaluation.vendor_ids,
      scenario_id: scenario.id,
      status: evaluation.status,
      message: `Evaluation created. Start it with POST /api/v1/evaluations/${evaluation.id}/run.`,
    };
  }

  list(): EvaluationRecord[] {
    return this.deps.store.evaluations.list();
  }

  get(id: string): EvaluationRecord {
    const evaluation = this.deps.store.evaluations.get(id);
    if (!evaluation) throw new NotFoundError('evaluation', id);
    return evaluation;
  }

  run(id: string): RunStarted {
    const evaluation = this.get(id);
    if (evaluation.status === 'running') {
      throw new StateError(
        `evaluation '${id}' is already running; follow it at GET /api/v1/evaluations/${id}/status`,
      );
    }
    this.deps.runner.start(evaluation);
    return {
      evaluation_id: id,
      status: 'running',
      message: `Runs started. Poll GET /api/v1/evaluations/${id}/status until status is completed or failed.`,
    };
  }

  /** Stops a running evaluation; it ends failed with "Cancelled by the user". */
  cancel(id: string): EvaluationCancelled {
    const evaluation = this.get(id);
    if (evaluation.status !== 'running') {
      throw new StateError(`evaluation '${id}' is not running (it is ${evaluation.status}); only a running evaluation can be cancelled`);
    }
    const stopping = this.deps.runner.cancel(id);
    return {
      evaluation_id: id,
      status: stopping ? 'running' : 'failed',
      message: stopping
        ? `Cancelling: calls in flight are aborted and runs not started will not run. The evaluation ends failed with "${CANCELLED_BY_USER}"; poll GET /api/v1/evaluations/${id}/status.`
        : `Cancelled: the evaluation was not being executed by this server and is now failed with "${CANCELLED_BY_USER}".`,
    };
  }

  /** What running the evaluation would cost, from its plan and the vendors' stored profiles. */
  estimate(id: string): EvaluationEstimate {
    const evaluation = this.get(id);
    const { store } = this.deps;
    return estimateEvaluation({
      evaluationId: id,
      scenario: this.deps.catalog.getScenario(evaluation.scenario_id),
      vendors: evaluation.vendor_ids.map((vendorId) => ({
        name: this.deps.catalog.getVendor(vendorId).name,
        profile: store.vendors.getProfile(vendorId),
      })),
      models: evaluation.models,
      samplesOf: (model) => {
        if (evaluation.samples !== null) return evaluation.samples;
        const resolution = this.deps.registry.resolve(model);
        return resolution.ok ? resolution.agent.defaultSamples : 1;
      },
      prices: this.deps.prices,
    });
  }

  status(id: string): StatusView {
    const evaluation = this.get(id);
    const spend = evaluation.spend ?? NO_SPEND;
    return {
      evaluation_id: evaluation.id,
      status: evaluation.status,
      progress: { ...evaluation.progress },
      phase: evaluation.phase,
      error: evaluation.error,
      started_at: evaluation.started_at,
      completed_at: evaluation.completed_at,
      cost_usd: roundUsd(spend.cost_usd),
      tokens: { input_tokens: spend.input_tokens, output_tokens: spend.output_tokens },
      max_cost_usd: evaluation.max_cost_usd ?? null,
      failed_models: this.failedModelsOf(evaluation),
    };
  }

  scores(id: string): ScoresView {
    return this.resultsOf(id, 'scores').scores;
  }

  diagnosis(id: string): DiagnosisView {
    return this.resultsOf(id, 'diagnosis').diagnosis;
  }

  report(id: string): ReportDocument {
    const results = this.resultsOf(id, 'the report');
    const evaluation = this.get(id);
    const { store } = this.deps;
    return buildReport({
      evaluation,
      customer: this.deps.catalog.getCustomer(evaluation.customer_id),
      scenario: this.deps.catalog.getScenario(evaluation.scenario_id),
      vendors: evaluation.vendor_ids.map((vendorId) => this.deps.catalog.getVendor(vendorId)),
      profiles: store.evaluations.getProfileSnapshots(id),
      runs: store.evaluations.listRuns(id),
      results,
      generatedAt: this.deps.now(),
    });
  }

  reportHtml(id: string): string {
    return renderReportHtml(this.report(id));
  }

  runs(id: string, filter: RunFilter = {}): RunList {
    this.get(id);
    const runs = this.deps.store.evaluations
      .listRuns(id)
      .filter(
        (run) =>
          (!filter.stage || run.stage === filter.stage) &&
          (!filter.model || run.model === filter.model) &&
          (!filter.vendor_id || run.vendor_id === filter.vendor_id) &&
          (!filter.status || run.status === filter.status),
      )
      .map((run) => ({
        id: run.id,
        evaluation_id: run.evaluation_id,
        model: run.model,
        vendor_id: run.vendor_id,
        vendor_name: run.vendor_name,
        stage: run.stage,
        status: run.status,
        score: run.score,
        error: run.error,
        duration_ms: run.duration_ms,
        usage: run.usage ?? { input_tokens: 0, output_tokens: 0 },
        cost_usd: roundUsd(run.cost_usd ?? 0),
      }));
    return { evaluation_id: id, runs };
  }

  /** A run of the plan, or a causal-variant run kept with the results. */
  trace(runId: string): RunTrace {
    const evaluationId = evaluationIdOfRun(runId);
    const { store } = this.deps;
    const run =
      (evaluationId && store.evaluations.getRun(runId)) ||
      (evaluationId && store.evaluations.getResults(evaluationId)?.variant_runs?.find((candidate) => candidate.id === runId)) ||
      null;
    if (!run) throw new NotFoundError('run', runId);
    return traceOf(run);
  }

  private failedModelsOf(evaluation: EvaluationRecord): FailedModel[] {
    const stored = evaluation.status === 'completed' ? this.deps.store.evaluations.getResults(evaluation.id) : null;
    if (!stored) return [];
    return withIntervals(stored, () => this.deps.store.evaluations.listRuns(evaluation.id)).scores.failed_models;
  }

  private resultsOf(id: string, what: string) {
    const evaluation = this.get(id);
    const stored = evaluation.status === 'completed' ? this.deps.store.evaluations.getResults(id) : null;
    const results = stored && withIntervals(stored, () => this.deps.store.evaluations.listRuns(id));
    if (!results) {
      const why =
        evaluation.status === 'failed'
          ? `it failed: ${evaluation.error ?? 'no reason recorded'}. Start it again with POST /api/v1/evaluations/${id}/run`
          : evaluation.status === 'created'
            ? `it has not been run yet; start it with POST /api/v1/evaluations/${id}/run`
            : `it is still running; poll GET /api/v1/evaluations/${id}/status until status is completed`;
      throw new StateError(`${what} of evaluation '${id}' are not available because ${why}`);
    }
    return results;
  }

  private checkModels(requested: string[] | undefined, issues: FieldIssue[]): string[] {
    const models = requested ?? this.deps.registry.defaultModels();
    models.forEach((model, index) => {
      const resolution = this.deps.registry.resolve(model);
      if (!resolution.ok) {
        issues.push({ field: requested ? `models[${index}]` : 'models', message: resolution.reason });
      }
    });
    return models;
  }

  private customerVendorOf(customerUrl: string, vendors: VendorRecord[], requested: string | undefined): string {
    if (requested !== undefined) {
      if (!vendors.some((vendor) => vendor.id === requested)) {
        throw FieldError.of('customer_vendor_id', `must be one of vendor_ids, got '${requested}'`);
      }
      return requested;
    }
    const host = siteKey(customerUrl);
    const match = vendors.find((vendor) => siteKey(vendor.website_url) === host);
    if (!match) {
      throw FieldError.of(
        'vendor_ids',
        `none of the vendors has the customer's website (${host}); add the customer's own product as a vendor or name it in customer_vendor_id`,
      );
    }
    return match.id;
  }

  private newEvaluation(
    fields: Pick<EvaluationRecord, 'customer_id' | 'scenario_id' | 'vendor_ids' | 'customer_vendor_id' | 'models' | 'samples' | 'max_cost_usd' | 'no_cache'>,
  ): EvaluationRecord {
    return {
      id: this.deps.ids.newId(),
      ...fields,
      status: 'created',
      phase: 'idle',
      error: null,
      created_at: this.deps.now().toISOString(),
      started_at: null,
      completed_at: null,
      progress: { total_runs: 0, completed_runs: 0, failed_runs: 0 },
      spend: { ...NO_SPEND },
    };
  }
}

export function traceOf(run: RunRecord): RunTrace {
  const first = run.samples[0];
  return {
    run_id: run.id,
    evaluation_id: run.evaluation_id,
    model: run.model,
    vendor: run.vendor_name,
    vendor_id: run.vendor_id,
    stage: run.stage,
    status: run.status,
    prompt: first?.prompt ?? '',
    response: first?.response ?? '',
    reasoning: first?.reasoning ?? '',
    justification: first?.justification ?? '',
    evidence: run.samples.flatMap((sample) => sample.evidence),
    score: run.score,
    duration_ms: run.duration_ms ?? 0,
    error: run.error,
    samples: run.samples,
    usage: run.usage ?? { input_tokens: 0, output_tokens: 0 },
    cost_usd: roundUsd(run.cost_usd ?? 0),
    cached_samples: run.cached_samples ?? 0,
    started_at: run.started_at,
    completed_at: run.completed_at,
  };
}

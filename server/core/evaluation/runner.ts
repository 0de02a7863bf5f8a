import pLimit from 'p-limit';
import { FUNNEL_STAGES, type VendorProfile } from '../../contracts';
import { NO_SPEND, runId, type EvaluationRecord, type RunRecord } from '../domain';
import type { AgentRegistry, AgentVendor, Logger, Store } from '../ports';
import { computeResults } from '../scoring/results';
import { addRunSpend, formatUsd, type PriceTable } from './cost';
import { executeRun } from './run-execution';
import { measureVariants, planVariantRuns } from './variant-runs';
import type { VendorIngestion } from './vendor-ingestion';

export interface RunnerDeps {
  store: Store;
  now: () => Date;
  logger: Logger;
  registry: AgentRegistry;
  ingestion: VendorIngestion;
  /** Runs executed at the same time within one evaluation. */
  concurrency: number;
  prices: PriceTable;
}

interface ActiveEvaluation {
  controller: AbortController;
  done: Promise<void>;
}

class ShutdownSignal extends Error {}
class CancelSignal extends Error {}

export const CANCELLED_BY_USER = 'Cancelled by the user';

/**
 * Executes evaluations in the background: fresh profiles, then every run of the
 * plan (model x stage x vendor) with bounded concurrency, then scores. Each
 * finished run is stored as it ends, so a restart resumes with what is missing.
 */
export class EvaluationRunner {
  private readonly active = new Map<string, ActiveEvaluation>();

  constructor(private readonly deps: RunnerDeps) {}

  /** Marks the evaluation running (durably) and starts it in the background. */
  start(evaluation: EvaluationRecord): void {
    const { store } = this.deps;
    store.evaluations.resetRuns(evaluation.id, []);
    store.evaluations.update(evaluation.id, {
      status: 'running',
      phase: 'ingesting',
      error: null,
      started_at: this.timestamp(),
      completed_at: null,
      progress: { total_runs: 0, completed_runs: 0, failed_runs: 0 },
      spend: { ...NO_SPEND },
    });
    this.launch(evaluation.id, false);
  }

  /**
   * Stops a running evaluation: calls in flight are aborted, runs not started
   * stay unrun, and the evaluation ends failed. Returns false when this
   * process was not executing it (it was left running by an earlier process
   * that did not resume it); it is then marked failed at once.
   */
  cancel(evaluationId: string): boolean {
    const entry = this.active.get(evaluationId);
    if (entry) {
      entry.controller.abort(new CancelSignal(CANCELLED_BY_USER));
      return true;
    }
    this.markNotRun(evaluationId, CANCELLED_BY_USER);
    this.finish(evaluationId, 'failed', CANCELLED_BY_USER);
    return false;
  }

  /** Picks up evaluations a previous process left running. Returns their ids. */
  resumeInterrupted(): string[] {
    const interrupted = this.deps.store.evaluations.listByStatus('running');
    for (const evaluation of interrupted) {
      if (this.active.has(evaluation.id)) continue;
      this.deps.logger.warn('resuming an evaluation left running by an earlier process', { evaluation_id: evaluation.id });
      this.launch(evaluation.id, true);
    }
    return interrupted.map((evaluation) => evaluation.id);
  }

  isActive(evaluationId: string): boolean {
    return this.active.has(evaluationId);
  }

  /** Resolves when the evaluation's background work has ended (or at once if none). */
  async waitFor(evaluationId: string): Promise<void> {
    await this.active.get(evaluationId)?.done;
  }

  /** Resolves when no evaluation is being executed. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()].map((entry) => entry.done));
  }

  /** Stops all work; interrupted evaluations stay running and resume on the next start. */
  async shutdown(): Promise<void> {
    for (const entry of this.active.values()) entry.controller.abort(new ShutdownSignal('shutting down'));
    await this.idle();
  }

  private launch(evaluationId: string, resume: boolean): void {
    const controller = new AbortController();
    const done = this.execute(evaluationId, resume, controller.signal)
      .catch((error: unknown) => this.fail(evaluationId, error, controller.signal))
      .finally(() => this.active.delete(evaluationId));
    this.active.set(evaluationId, { controller, done });
  }

  private async execute(evaluationId: string, resume: boolean, signal: AbortSignal): Promise<void> {
    const { store, logger } = this.deps;
    const evaluation = store.evaluations.get(evaluationId);
    if (!evaluation) return;
    const scenario = store.scenarios.get(evaluation.scenario_id);
    if (!scenario) throw new Error(`its scenario '${evaluation.scenario_id}' no longer exists`);
    const vendorRecords = evaluation.vendor_ids.map((id) => {
      const vendor = store.vendors.get(id);
      if (!vendor) throw new Error(`its vendor '${id}' no longer exists`);
      return vendor;
    });

    // 1. Profiles: the snapshot of an interrupted run is reused so every run sees the same facts.
    let profiles = resume ? store.evaluations.getProfileSnapshots(evaluationId) : [];
    if (profiles.length !== vendorRecords.length) {
      store.evaluations.update(evaluationId, { phase: 'ingesting' });
      profiles = await Promise.all(vendorRecords.map((vendor) => this.deps.ingestion.ensureFresh(vendor, signal)));
      signal.throwIfAborted();
      store.evaluations.saveProfileSnapshots(evaluationId, profiles);
    }
    const vendors: AgentVendor[] = vendorRecords.map((vendor, index) => ({
      id: vendor.id,
      name: vendor.name,
      website_url: vendor.website_url,
      description: vendor.description,
      is_customer: vendor.id === evaluation.customer_vendor_id,
      profile: profiles[index] as VendorProfile,
    }));

    // 2. The plan, kept from an interrupted run when it matches.
    const planned = this.plan(evaluation, vendors);
    const existing = resume ? store.evaluations.listRuns(evaluationId) : [];
    const sameShape =
      existing.length === planned.length &&
      existing.every((run, i) => run.model === planned[i]!.model && run.vendor_id === planned[i]!.vendor_id && run.stage === planned[i]!.stage);
    const runs = sameShape ? existing : planned;
    if (!sameShape) store.evaluations.resetRuns(evaluationId, planned);
    const ended = (run: RunRecord) => run.status === 'completed' || run.status === 'failed';
    const progress = {
      total_runs: runs.length,
      completed_runs: runs.filter(ended).length,
      failed_runs: runs.filter((run) => run.status === 'failed').length,
    };
    let spend = runs.reduce(addRunSpend, { ...NO_SPEND });
    store.evaluations.update(evaluationId, { phase: 'running', progress: { ...progress }, spend });

    // 3. The runs. Once the spending cap is reached no further run starts; runs in flight finish and count.
    const cap = evaluation.max_cost_usd ?? null;
    let capReached = cap !== null && spend.cost_usd >= cap;
    const limit = pLimit(Math.max(1, this.deps.concurrency));
    const outcomes = await Promise.allSettled(
      runs
        .filter((run) => !ended(run))
        .map((run) =>
          limit(async () => {
            signal.throwIfAborted();
            if (capReached) return;
            const vendor = vendors.find((candidate) => candidate.id === run.vendor_id)!;
            const result = await executeRun(this.deps, { run, evaluation, scenario, vendor, vendors }, signal);
            if (signal.aborted && signal.reason instanceof ShutdownSignal) throw signal.reason;
            progress.completed_runs += 1;
            if (result.status === 'failed') progress.failed_runs += 1;
            spend = addRunSpend(spend, result);
            if (cap !== null && spend.cost_usd >= cap) capReached = true;
            // One durable write for the run and the progress it makes, not two.
            store.transaction(() => {
              store.evaluations.saveRun(result);
              store.evaluations.update(evaluationId, { progress: { ...progress }, spend });
            });
          }),
        ),
    );
    signal.throwIfAborted();
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    if (rejected) throw rejected.reason;
    if (capReached && cap !== null) {
      const reason = `Stopped at the spending cap of ${formatUsd(cap)} after ${formatUsd(spend.cost_usd)}`;
      this.markNotRun(evaluationId, reason);
      this.finish(evaluationId, 'failed', reason);
      logger.warn('evaluation stopped at its spending cap', { evaluation_id: evaluationId, cap_usd: cap, cost_usd: spend.cost_usd });
      return;
    }

    // 4. Scores.
    store.evaluations.update(evaluationId, { phase: 'scoring' });
    const finished = store.evaluations.listRuns(evaluationId);
    const completed = finished.filter((run) => run.status === 'completed');
    if (completed.length === 0) {
      const firstError = finished.find((run) => run.error)?.error ?? 'no run produced a score';
      this.finish(evaluationId, 'failed', `All ${finished.length} runs failed. First error: ${firstError}`);
      return;
    }
    const results = computeResults({
      evaluationId,
      customerVendorId: evaluation.customer_vendor_id,
      vendors,
      scenario,
      models: evaluation.models,
      runs: finished,
      now: this.deps.now(),
    });

    // 5. The lift of the top fixes as each language model measures it.
    const variantInput = {
      evaluation,
      scenario,
      vendors,
      runs: finished,
      causes: results.diagnosis.root_causes,
      rulesVariants: [...results.diagnosis.causal_variants],
    };
    const plans = planVariantRuns(variantInput);
    if (plans.length > 0) {
      progress.total_runs += plans.reduce((sum, plan) => sum + plan.runs.length, 0);
      store.evaluations.update(evaluationId, { phase: 'variants', progress: { ...progress } });
      const measured = await measureVariants(
        this.deps,
        variantInput,
        plans,
        {
          mayStart: () => cap === null || spend.cost_usd < cap,
          notRunReason: () => `the spending cap of ${formatUsd(cap ?? 0)} was reached`,
          ended: (run) => {
            progress.completed_runs += 1;
            if (run.status === 'failed') progress.failed_runs += 1;
            spend = addRunSpend(spend, run);
            store.evaluations.update(evaluationId, { progress: { ...progress }, spend });
          },
        },
        signal,
      );
      results.diagnosis.causal_variants.push(...measured.variants);
      results.variant_runs = measured.runs;
    }
    store.evaluations.saveResults(evaluationId, results);
    this.finish(evaluationId, 'completed', null);
    logger.info('evaluation completed', {
      evaluation_id: evaluationId,
      runs: finished.length,
      failed_runs: finished.length - completed.length,
      overall_score: results.scores.overall_score,
    });
  }

  private plan(evaluation: EvaluationRecord, vendors: AgentVendor[]): RunRecord[] {
    const runs: RunRecord[] = [];
    for (const model of evaluation.models) {
      for (const stage of FUNNEL_STAGES) {
        for (const vendor of vendors) {
          const seq = runs.length + 1;
          runs.push({
            id: runId(evaluation.id, seq),
            evaluation_id: evaluation.id,
            seq,
            model,
            vendor_id: vendor.id,
            vendor_name: vendor.name,
            stage,
            status: 'pending',
            score: null,
            error: null,
            duration_ms: null,
            started_at: null,
            completed_at: null,
            samples: [],
            detail: null,
          });
        }
      }
    }
    return runs;
  }

  /** Runs that never started keep status pending and say why they did not run. */
  private markNotRun(evaluationId: string, reason: string): void {
    const { store } = this.deps;
    const unrun = store.evaluations.listRuns(evaluationId).filter((run) => run.status === 'pending' || run.status === 'running');
    // One durable write for all of them.
    store.transaction(() => {
      for (const run of unrun) store.evaluations.saveRun({ ...run, status: 'pending', error: `Not run: ${reason}` });
    });
  }

  private fail(evaluationId: string, error: unknown, signal: AbortSignal): void {
    if (signal.aborted && signal.reason instanceof ShutdownSignal) return;
    if (signal.aborted && signal.reason instanceof CancelSignal) {
      this.deps.logger.info('evaluation cancelled', { evaluation_id: evaluationId });
      this.recordEnd(evaluationId, () => {
        this.markNotRun(evaluationId, CANCELLED_BY_USER);
        this.finish(evaluationId, 'failed', CANCELLED_BY_USER);
      });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    this.deps.logger.error('evaluation failed', { evaluation_id: evaluationId, error: message });
    this.recordEnd(evaluationId, () => this.finish(evaluationId, 'failed', `The evaluation stopped: ${message}`));
  }

  private recordEnd(evaluationId: string, write: () => void): void {
    try {
      write();
    } catch (storeError) {
      this.deps.logger.error('could not record the failure', {
        evaluation_id: evaluationId,
        error: storeError instanceof Error ? storeError.message : String(storeError),
      });
    }
  }

  private finish(evaluationId: string, status: 'completed' | 'failed', error: string | null): void {
    this.deps.store.evaluations.update(evaluationId, {
      status,
      phase: 'done',
      error,
      completed_at: this.timestamp(),
    });
  }

  private timestamp(): string {
    return this.deps.now().toISOString();
  }
}

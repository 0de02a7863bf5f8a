import pLimit from 'p-limit';
import { FUNNEL_STAGES, type CausalVariant, type FunnelStage, type RootCause } from '../../contracts';
import { byStage } from '../audit';
import { runId, type EvaluationRecord, type RunRecord, type ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { sampleScoresOf } from '../scoring/intervals';
import { MEASURED_VARIANTS_PER_MODEL, measuredVariant } from '../scoring/measured-variants';
import { counterfactualOf, type Counterfactual } from '../scoring/variants';
import { executeRun, type RunExecutionDeps } from './run-execution';

const RULES_MODEL = 'rules';

export interface VariantRunsInput {
  evaluation: EvaluationRecord;
  scenario: ScenarioRecord;
  vendors: AgentVendor[];
  /** The plan's runs, all ended. */
  runs: readonly RunRecord[];
  /** The diagnosis, highest impact first. */
  causes: readonly RootCause[];
  /** The rules variants: which causes have a fix, in order, and which stages each fix moves. */
  rulesVariants: readonly CausalVariant[];
}

/** One cause's variant for one model: the stages to re-run with the fixed profile. */
export interface VariantPlan {
  code: string;
  model: string;
  counterfactual: Counterfactual;
  runs: RunRecord[];
}

export interface VariantRunHooks {
  /** False once no further run may start (the spending cap is reached). */
  mayStart(): boolean;
  /** Called as each variant run ends, to count its progress and spend. */
  ended(run: RunRecord): void;
  /** Why a run that may not start did not run. */
  notRunReason(): string;
}

export interface VariantRunsOutcome {
  variants: CausalVariant[];
  runs: RunRecord[];
}

/** The stages a fix can move: where the rules variant moves, and where the cause itself stands. */
function affectedStages(code: string, rules: CausalVariant, causes: readonly RootCause[]): FunnelStage[] {
  const moved = new Set(rules.stage_deltas.filter((entry) => entry.delta !== 0).map((entry) => entry.stage));
  for (const cause of causes) if (cause.code === code) moved.add(cause.stage);
  return FUNNEL_STAGES.filter((stage) => moved.has(stage));
}

/**
 * For every language model with a completed run of the customer, and each of the
 * top MEASURED_VARIANTS_PER_MODEL causes that have a fix: the customer's runs of
 * the stages the fix can move. Ids continue the plan's sequence.
 */
export function planVariantRuns(input: VariantRunsInput): VariantPlan[] {
  const { evaluation, vendors, runs } = input;
  const customer = vendors.find((vendor) => vendor.id === evaluation.customer_vendor_id);
  if (!customer) return [];
  const models = evaluation.models.filter(
    (model) =>
      model !== RULES_MODEL &&
      runs.some((run) => run.model === model && run.vendor_id === customer.id && run.status === 'completed'),
  );
  const customerCauses = input.causes.filter((cause) => cause.vendor_id === customer.id);
  const chosen = input.rulesVariants.slice(0, MEASURED_VARIANTS_PER_MODEL);
  let seq = runs.reduce((highest, run) => Math.max(highest, run.seq), 0);
  const plans: VariantPlan[] = [];
  for (const model of models) {
    for (const rules of chosen) {
      const counterfactual = counterfactualOf(input.scenario, customer, vendors, rules.code);
      if (!counterfactual) continue;
      const planned = affectedStages(rules.code, rules, customerCauses).map((stage): RunRecord => {
        seq += 1;
        return {
          id: runId(evaluation.id, seq),
          evaluation_id: evaluation.id,
          seq,
          model,
          vendor_id: customer.id,
          vendor_name: customer.name,
          stage,
          status: 'pending',
          score: null,
          error: null,
          duration_ms: null,
          started_at: null,
          completed_at: null,
          samples: [],
          detail: null,
          variant_of: rules.code,
        };
      });
      plans.push({ code: rules.code, model, counterfactual, runs: planned });
    }
  }
  return plans;
}

/**
 * Runs every planned variant run through the model's agent, with the fixed
 * profile in place of the customer's, and measures each variant against the
 * model's own baseline runs. A failed or unrun stage marks its variant with an
 * error; it never fails the evaluation. An abort leaves the caller to stop.
 */
export async function measureVariants(
  deps: RunExecutionDeps & { concurrency: number },
  input: VariantRunsInput,
  plans: readonly VariantPlan[],
  hooks: VariantRunHooks,
  signal: AbortSignal,
): Promise<VariantRunsOutcome> {
  const limit = pLimit(Math.max(1, deps.concurrency));
  const executed = await Promise.all(
    plans.map((plan) =>
      Promise.all(
        plan.runs.map((run) =>
          limit(async (): Promise<RunRecord> => {
            signal.throwIfAborted();
            if (!hooks.mayStart()) return { ...run, error: `Not run: ${hooks.notRunReason()}` };
            const { customer, vendors } = plan.counterfactual;
            const ended = await executeRun(deps, { run, evaluation: input.evaluation, scenario: input.scenario, vendor: customer, vendors }, signal);
            signal.throwIfAborted();
            hooks.ended(ended);
            return ended;
          }),
        ),
      ),
    ),
  );
  const customerId = input.evaluation.customer_vendor_id;
  const variants = plans.map((plan, index) => {
    const runs = executed[index]!;
    const baseline = byStage((stage) =>
      input.runs.filter((run) => run.model === plan.model && run.vendor_id === customerId && run.stage === stage).flatMap(sampleScoresOf),
    );
    const missingBaseline = runs.find((run) => baseline[run.stage].length === 0);
    const unmeasured = runs.find((run) => run.status !== 'completed');
    const error = unmeasured
      ? `The ${unmeasured.stage} variant run did not complete: ${unmeasured.error ?? 'no score'}`
      : missingBaseline
        ? `The ${missingBaseline.stage} baseline run of ${plan.model} failed, so that stage has nothing to compare with`
        : null;
    return measuredVariant({
      code: plan.code,
      fix: plan.counterfactual.fix,
      model: plan.model,
      baseline,
      variant: Object.fromEntries(runs.map((run) => [run.stage, sampleScoresOf(run)])),
      run_ids: runs.map((run) => run.id),
      error,
    });
  });
  return { variants, runs: executed.flat() };
}

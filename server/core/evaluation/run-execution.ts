import type { TraceSample } from '../../contracts';
import type { EvaluationRecord, RunRecord, ScenarioRecord } from '../domain';
import type { AgentRegistry, AgentVendor, BuyerAgent } from '../ports';
import { addUsage, costOf, NO_TOKENS, NOTHING_SPENT, priceOf, type PriceTable, type RunSpend } from './cost';

export interface RunExecutionDeps {
  now: () => Date;
  registry: AgentRegistry;
  prices: PriceTable;
}

export interface RunInput {
  run: RunRecord;
  evaluation: EvaluationRecord;
  scenario: ScenarioRecord;
  /** The vendor the run scores, as the agent sees it. */
  vendor: AgentVendor;
  /** Every vendor of the evaluation as the agent sees them, the scored one included. */
  vendors: AgentVendor[];
}

/**
 * One run: the evaluation's samples through the model's agent. A sample that
 * fails is recorded with its error; the run fails only when no sample scored.
 * An abort ends the run with the samples it has.
 */
export async function executeRun(deps: RunExecutionDeps, input: RunInput, signal: AbortSignal): Promise<RunRecord> {
  const { run, evaluation, scenario, vendor, vendors } = input;
  const startedAt = deps.now();
  const resolution = deps.registry.resolve(run.model);
  if (!resolution.ok) return endRun(deps, run, startedAt, [], null, `model unavailable: ${resolution.reason}`);
  const agent: BuyerAgent = resolution.agent;
  const sampleCount = evaluation.samples ?? agent.defaultSamples;
  const modelPrice = priceOf(deps.prices, run.model);
  const samples: TraceSample[] = [];
  let detail: unknown = null;
  let usage = NO_TOKENS;
  let cachedSamples = 0;
  const spent = (): RunSpend => ({ usage, cost_usd: costOf(usage, modelPrice), cached_samples: cachedSamples });
  for (let sample = 1; sample <= sampleCount; sample += 1) {
    if (signal.aborted) return endRun(deps, run, startedAt, samples, detail, abortMessage(signal), spent());
    const began = Date.now();
    try {
      const answer = await agent.runStage({ stage: run.stage, scenario, vendor, vendors, sample, no_cache: evaluation.no_cache ?? false }, signal);
      detail ??= answer.detail ?? null;
      // A cached answer was paid for by the run that first asked.
      if (answer.cached) cachedSamples += 1;
      else if (answer.usage) usage = addUsage(usage, answer.usage);
      samples.push({
        sample,
        prompt: answer.prompt,
        response: answer.response,
        reasoning: answer.reasoning,
        justification: answer.justification,
        score: clampScore(answer.score),
        evidence: answer.evidence,
        duration_ms: Date.now() - began,
        temperature: answer.temperature,
        seed: answer.seed,
        error: null,
      });
    } catch (error) {
      if (signal.aborted) return endRun(deps, run, startedAt, samples, detail, abortMessage(signal), spent());
      samples.push({
        sample,
        prompt: '',
        response: '',
        reasoning: '',
        justification: '',
        score: null,
        evidence: [],
        duration_ms: Date.now() - began,
        temperature: null,
        seed: null,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const scored = samples.filter((sample) => sample.score !== null);
  const error = scored.length === 0 ? (samples.find((sample) => sample.error)?.error ?? 'no sample completed') : null;
  return endRun(deps, run, startedAt, samples, detail, error, spent());
}

function endRun(
  deps: RunExecutionDeps,
  run: RunRecord,
  startedAt: Date,
  samples: TraceSample[],
  detail: unknown,
  error: string | null,
  spend: RunSpend = NOTHING_SPENT,
): RunRecord {
  const endedAt = deps.now();
  const scores = samples.flatMap((sample) => (sample.score === null ? [] : [sample.score]));
  const score = scores.length > 0 ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null;
  return {
    ...run,
    status: error ? 'failed' : 'completed',
    score: error ? null : score,
    error,
    duration_ms: endedAt.getTime() - startedAt.getTime(),
    started_at: startedAt.toISOString(),
    completed_at: endedAt.toISOString(),
    samples,
    detail,
    usage: spend.usage,
    cost_usd: spend.cost_usd,
    cached_samples: spend.cached_samples,
  };
}

function abortMessage(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : 'aborted';
}

function clampScore(score: number): number {
  if (!Number.isFinite(score)) throw new Error(`the agent returned a score that is not a number (${score})`);
  return Math.min(10, Math.max(0, score));
}

import type {
  Customer,
  DiagnosisView,
  Evaluation,
  FunnelStage,
  RunStatus,
  Scenario,
  ScoresView,
  TokenUsage,
  TraceSample,
  VendorProfile,
  Vendor,
} from '../contracts';

/** Records as the core stores and reads them through the Store port. */

export type CustomerRecord = Customer;
export type VendorRecord = Vendor;
export type ScenarioRecord = Scenario;

export type EvaluationPhase = 'idle' | 'ingesting' | 'running' | 'scoring' | 'variants' | 'done';

export interface EvaluationProgress {
  total_runs: number;
  completed_runs: number;
  failed_runs: number;
}

/** What the runs of an evaluation have cost so far. */
export interface EvaluationSpend {
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
}

export const NO_SPEND: EvaluationSpend = { input_tokens: 0, output_tokens: 0, cost_usd: 0 };

export interface EvaluationRecord extends Omit<Evaluation, 'max_cost_usd' | 'no_cache'> {
  /** Ask the models afresh instead of answering from the response cache. */
  no_cache?: boolean;
  phase: EvaluationPhase;
  progress: EvaluationProgress;
  /** Spending cap in USD; absent or null means none. */
  max_cost_usd?: number | null;
  /** Absent on records written before costs were tracked: nothing spent. */
  spend?: EvaluationSpend;
}

/**
 * One run: one model x one vendor x one funnel stage. Samples of the same run
 * are kept together; the run's score is their mean.
 */
export interface RunRecord {
  id: string;
  evaluation_id: string;
  /** Position in the evaluation's run plan; run ids are `<evaluation_id>.<seq>`. */
  seq: number;
  model: string;
  vendor_id: string;
  vendor_name: string;
  stage: FunnelStage;
  status: RunStatus;
  /** 0 to 10, mean over completed samples; null until completed. */
  score: number | null;
  error: string | null;
  duration_ms: number | null;
  started_at: string | null;
  completed_at: string | null;
  samples: TraceSample[];
  /** Structured detail an agent attaches to its answer (the rules agent's checks). */
  detail: unknown;
  /** Tokens billed over the samples; absent means none (runs stored before usage was recorded). */
  usage?: TokenUsage;
  /** USD over the samples at the price table; cached samples cost 0. */
  cost_usd?: number;
  /** Samples answered from the response cache. */
  cached_samples?: number;
  /** On a causal-variant run: the root cause whose fix its customer profile carries. */
  variant_of?: string;
}

export interface EvaluationResults {
  scores: ScoresView;
  diagnosis: DiagnosisView;
  computed_at: string;
  /**
   * The causal-variant runs of the language models: real runs, kept for their
   * traces and cost, but not the plan's runs, so they stay out of the runs list.
   */
  variant_runs?: RunRecord[];
}

export function runId(evaluationId: string, seq: number): string {
  return `${evaluationId}.${seq}`;
}

/** The evaluation a run id belongs to, or null when the id has no such shape. */
export function evaluationIdOfRun(id: string): string | null {
  const dot = id.lastIndexOf('.');
  if (dot <= 0 || !/^\d+$/.test(id.slice(dot + 1))) return null;
  return id.slice(0, dot);
}

export type { VendorProfile };

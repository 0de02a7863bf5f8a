import type {
  Customer,
  DiagnosisView,
  Evaluation,
  FunnelStage,
  RunStatus,
  Scenario,
  ScoresView,
  TraceSample,
  VendorProfile,
  Vendor,
} from '../contracts';

/** Records as the core stores and reads them through the Store port. */

export type CustomerRecord = Customer;
export type VendorRecord = Vendor;
export type ScenarioRecord = Scenario;

export type EvaluationPhase = 'idle' | 'ingesting' | 'running' | 'scoring' | 'done';

export interface EvaluationProgress {
  total_runs: number;
  completed_runs: number;
  failed_runs: number;
}

export interface EvaluationRecord extends Evaluation {
  phase: EvaluationPhase;
  progress: EvaluationProgress;
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
}

export interface EvaluationResults {
  scores: ScoresView;
  diagnosis: DiagnosisView;
  computed_at: string;
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

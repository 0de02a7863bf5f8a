import type { FunnelStage, TraceEvidence, VendorProfile } from '../contracts';
import type {
  CustomerRecord,
  EvaluationRecord,
  EvaluationResults,
  RunRecord,
  ScenarioRecord,
  VendorRecord,
} from './domain';

/**
 * Ports: what the core needs from the outside world. Adapters implement them;
 * the composition root (server/context.ts) wires them in.
 */

// ---------------------------------------------------------------- storage

export type EvaluationPatch = Partial<
  Pick<EvaluationRecord, 'status' | 'phase' | 'error' | 'started_at' | 'completed_at' | 'progress' | 'spend'>
>;

/**
 * Synchronous, durable storage. Every mutating call is on disk when it
 * returns; calls made inside `transaction` become durable together, or not at all.
 */
export interface Store {
  transaction<T>(work: () => T): T;

  customers: {
    insert(customer: CustomerRecord): void;
    get(id: string): CustomerRecord | null;
    /** Newest first. */
    list(): CustomerRecord[];
  };

  vendors: {
    insert(vendor: VendorRecord): void;
    get(id: string): VendorRecord | null;
    /** Newest first. */
    list(): VendorRecord[];
    /** Stores the profile and updates the vendor's profile_status / profile_updated_at. */
    saveProfile(profile: VendorProfile): void;
    getProfile(vendorId: string): VendorProfile | null;
  };

  scenarios: {
    insert(scenario: ScenarioRecord): void;
    get(id: string): ScenarioRecord | null;
    /** Newest first. */
    list(): ScenarioRecord[];
  };

  evaluations: {
    insert(evaluation: EvaluationRecord): void;
    get(id: string): EvaluationRecord | null;
    /** Newest first. */
    list(): EvaluationRecord[];
    listByStatus(status: EvaluationRecord['status']): EvaluationRecord[];
    update(id: string, patch: EvaluationPatch): void;

    /** Replaces the run plan, the profile snapshots and any results of an evaluation. */
    resetRuns(evaluationId: string, runs: RunRecord[]): void;
    /** Inserts or replaces one run (matched by id). */
    saveRun(run: RunRecord): void;
    /** Runs in plan order (seq). */
    listRuns(evaluationId: string): RunRecord[];
    getRun(runId: string): RunRecord | null;

    saveProfileSnapshots(evaluationId: string, profiles: VendorProfile[]): void;
    getProfileSnapshots(evaluationId: string): VendorProfile[];

    saveResults(evaluationId: string, results: EvaluationResults): void;
    getResults(evaluationId: string): EvaluationResults | null;
  };

  /** Writes everything still buffered and releases files. */
  close(): void;
}

// ---------------------------------------------------------------- web fetching

export interface FetchRequest {
  url: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export type FetchFailureKind = 'unreachable' | 'timeout' | 'redirect_limit' | 'invalid_url';

export type FetchOutcome =
  | {
      ok: true;
      url: string;
      finalUrl: string;
      redirects: string[];
      status: number;
      contentType: string;
      /** Decoded text for textual content types; empty for binary bodies. */
      body: string;
      bytes: number;
      /** The body was cut at maxBytes. */
      truncated: boolean;
      durationMs: number;
    }
  | {
      ok: false;
      url: string;
      kind: FetchFailureKind;
      detail: string;
      redirects: string[];
      durationMs: number;
    };

export interface PageFetcher {
  fetch(request: FetchRequest, signal?: AbortSignal): Promise<FetchOutcome>;
}

// ---------------------------------------------------------------- buying agents

export interface AgentVendor {
  id: string;
  name: string;
  website_url: string;
  description: string;
  is_customer: boolean;
  profile: VendorProfile;
}

/** What a buying agent is asked to do for one run sample. */
export interface StageTask {
  stage: FunnelStage;
  scenario: ScenarioRecord;
  /** The vendor this run scores. */
  vendor: AgentVendor;
  /** Every vendor of the evaluation, the scored one included, in evaluation order. */
  vendors: AgentVendor[];
  sample: number;
  /** Ask the model afresh even when the response cache holds an answer (the evaluation's no_cache). */
  no_cache?: boolean;
}

export interface StageAnswer {
  prompt: string;
  response: string;
  reasoning: string;
  justification: string;
  /** 0 to 10. */
  score: number;
  evidence: TraceEvidence[];
  temperature: number | null;
  seed: number | null;
  /** Structured detail kept with the run (the rules agent's checks). */
  detail?: unknown;
  /** Tokens the provider billed for this sample (language models only). */
  usage?: { input_tokens: number; output_tokens: number };
  /** The answer came from the response cache: no provider call was made. */
  cached?: boolean;
}

export interface BuyerAgent {
  /** The model id, e.g. `rules` or `openai:gpt-4o-mini`. */
  readonly id: string;
  readonly defaultSamples: number;
  runStage(task: StageTask, signal: AbortSignal): Promise<StageAnswer>;
}

export type AgentResolution = { ok: true; agent: BuyerAgent } | { ok: false; reason: string };

export interface AgentRegistry {
  resolve(modelId: string): AgentResolution;
  /** Models used when a request names none. */
  defaultModels(): string[];
}

// ---------------------------------------------------------------- report printing

/** Turns the self-contained report HTML into a PDF document. */
export interface ReportPrinter {
  printPdf(html: string): Promise<Uint8Array>;
}

/** No browser is installed or it cannot start: printing is unavailable, not broken (HTTP 503). */
export class PrinterUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrinterUnavailableError';
  }
}

// ---------------------------------------------------------------- the rest

export interface Clock {
  now(): Date;
}

export interface IdSource {
  newId(): string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

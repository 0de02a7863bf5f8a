import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createPdfPrinter } from './adapters/browser/pdf-printer';
import { openSqlJsStore, type StartupReport } from './adapters/storage';
import { createNodeFetcher } from './adapters/web/node-fetcher';
import { createStreamLogger, silentLogger, type LogLevel } from './adapters/log/stream-logger';
import { createLlmProviders, llmSettingsFromEnv, type LlmSettings } from './adapters/llm';
import { defaultModelsFromEnv } from './config';
import { createRulesAgent } from './core/agents/rules-agent';
import { createAgentRegistry } from './core/evaluation/agent-registry';
import { Catalog } from './core/evaluation/catalog';
import { DEFAULT_PRICES, parsePriceTable, type PriceTable } from './core/evaluation/cost';
import { Evaluations } from './core/evaluation/evaluations';
import { EvaluationRunner } from './core/evaluation/runner';
import { VendorIngestion } from './core/evaluation/vendor-ingestion';
import { ingestVendorWebsite, type IngestionLimits } from './core/ingestion';
import type { AgentRegistry, BuyerAgent, Clock, Logger, PageFetcher, ReportPrinter, Store } from './core/ports';

export interface AppConfig {
  dataDir: string;
  /** Runs executed at the same time within one evaluation (default 4). */
  concurrency?: number;
  /** A stored profile younger than this is reused when an evaluation runs (default 24 h). */
  profileMaxAgeMs?: number;
  ingestionLimits?: Partial<IngestionLimits>;
  /** Models used when a request names none (default: VENDOR_EVAL_MODELS, else rules). */
  defaultModels?: string[];
  logger?: Logger;
  /** Location of sql-wasm.wasm when bundled. */
  wasmPath?: string;
  /** Resume evaluations an earlier process left running (default true). */
  resume?: boolean;
  clock?: Clock;
  fetcher?: PageFetcher;
  /** Extra buying agents, known by their id (used by tests and embedders). */
  agents?: BuyerAgent[];
  /** USD per million tokens by model, over the built-in list (default: the JSON file named by VENDOR_EVAL_PRICES). */
  priceTable?: PriceTable;
  /** Prints reports to PDF (default: the system's Chrome or Chromium, found at each print). */
  reportPrinter?: ReportPrinter;
  /**
   * Language model providers: keys, base URLs, concurrency, retries. A field
   * left unset falls back to the environment (OPENAI_API_KEY, GEMINI_API_KEY...).
   */
  llm?: LlmSettings;
  /** Where unset provider settings are read from (default process.env). */
  env?: Record<string, string | undefined>;
}

export interface AppContext {
  config: AppConfig;
  logger: Logger;
  store: Store;
  registry: AgentRegistry;
  catalog: Catalog;
  evaluations: Evaluations;
  runner: EvaluationRunner;
  ingestion: VendorIngestion;
  reportPrinter: ReportPrinter;
  startupReport: StartupReport;
  /** Stops background work (interrupted evaluations resume next time) and flushes storage. */
  close(): Promise<void>;
}

/** A logger writing one JSON line per event to stderr. */
export function createLogger(level: LogLevel): Logger {
  return createStreamLogger(level);
}

export type { LogLevel };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Price overrides from the JSON file VENDOR_EVAL_PRICES names; a bad file stops start-up with the reason. */
function pricesFromEnv(env: NodeJS.ProcessEnv = process.env): PriceTable {
  const path = env.VENDOR_EVAL_PRICES;
  if (!path) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`VENDOR_EVAL_PRICES names ${path}, which cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`VENDOR_EVAL_PRICES names ${path}, which is not JSON`);
  }
  return parsePriceTable(value, `VENDOR_EVAL_PRICES (${path})`);
}

/** The composition root: wires adapters into the core. http, cli and electron all start here. */
export async function createContext(config: AppConfig): Promise<AppContext> {
  const logger = config.logger ?? silentLogger;
  // Configuration errors first, before the data directory is locked.
  const prices: PriceTable = { ...DEFAULT_PRICES, ...(config.priceTable ?? pricesFromEnv()) };
  mkdirSync(config.dataDir, { recursive: true });
  const store = await openSqlJsStore({ dataDir: config.dataDir, logger, wasmPath: config.wasmPath });
  const clock: Clock = config.clock ?? { now: () => new Date() };
  const now = () => clock.now();
  const fetcher = config.fetcher ?? createNodeFetcher();

  const llm = createLlmProviders(
    { ...llmSettingsFromEnv(config.env ?? process.env), ...withoutUnset(config.llm ?? {}) },
    { dataDir: config.dataDir, logger },
  );
  const registry = createAgentRegistry({
    builtIn: [createRulesAgent(), ...(config.agents ?? [])],
    providers: llm.providers,
    defaultModels: config.defaultModels ?? defaultModelsFromEnv(),
  });
  const ingestion = new VendorIngestion({
    store,
    now,
    logger,
    maxAgeMs: config.profileMaxAgeMs ?? DAY_MS,
    ingestWebsite: (target, signal) =>
      ingestVendorWebsite({ fetcher, now }, target, config.ingestionLimits, signal),
  });
  const runner = new EvaluationRunner({ store, now, logger, registry, ingestion, concurrency: config.concurrency ?? 4, prices });
  const ids = { newId: () => randomUUID() };
  const catalog = new Catalog({ store, ids, now, ingestion });
  const evaluations = new Evaluations({ store, ids, now, catalog, registry, runner, ingestion, prices });

  for (const recovered of store.startupReport.recovered) {
    logger.warn('storage recovered a damaged file', { ...recovered });
  }
  if (config.resume ?? true) runner.resumeInterrupted();

  let closed = false;
  return {
    config,
    logger,
    store,
    registry,
    catalog,
    evaluations,
    runner,
    ingestion,
    reportPrinter: config.reportPrinter ?? createPdfPrinter(),
    startupReport: store.startupReport,
    async close() {
      if (closed) return;
      closed = true;
      await runner.shutdown();
      await ingestion.stop();
      store.close();
    },
  };
}

/** Fields set to undefined must not hide what the environment says. */
function withoutUnset<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<T>;
}

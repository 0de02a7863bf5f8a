import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger, Store } from '../../core/ports';
import { DataDirLock } from './data-dir-lock';
import { fsyncDirectory } from './durable-fs';
import { StorageError } from './errors';
import { Journal } from './journal';
import { schemas as shippedSchemas, type Schemas } from './migrations';
import { RecoveryLog, silentLogger, type StartupReport } from './recovery-log';
import type { Databases } from './repositories/databases';
import { customersRepository } from './repositories/customers';
import { evaluationMetadata } from './repositories/evaluations';
import { evaluationRuns } from './repositories/evaluation-runs';
import { scenariosRepository } from './repositories/scenarios';
import { vendorsRepository } from './repositories/vendors';
import type { Shard } from './shard';
import { ShardPool } from './shard-pool';
import { CATALOG, EVALUATIONS_DIR, JOURNAL_DIR, PROFILES_DIR, type ShardKey } from './shard-names';
import { loadSqlJs, type SqlJs } from './sql-engine';
import { checkShardMigrations, removeInterruptedCheckpoints, repairShardFiles, shardsToReplay } from './startup-scan';
import { Writer } from './writer';

export interface SqlJsStoreOptions {
  dataDir: string;
  logger?: Logger;
  /** Where sql-wasm.wasm is when the default resolution cannot find it (a bundled Electron main). */
  wasmPath?: string;
  /** Evaluation and profile databases kept open at once (default 8); each holds its whole file in memory. */
  maxOpenShards?: number;
}

/** Knobs tests and benchmarks turn; the product runs with the defaults. */
export interface StoreTuning {
  /** Journal bytes after which every changed database is checkpointed (default 4 MiB). */
  journalLimitBytes?: number;
  schemas?: Schemas;
}

export interface StoreStats {
  openShards: ShardKey[];
  journalBytes: number;
  lastLsn: number;
}

export interface SqlJsStore extends Store {
  readonly startupReport: StartupReport;
  stats(): StoreStats;
}

const DEFAULT_JOURNAL_LIMIT = 4 * 1024 * 1024;

export async function openStore(options: SqlJsStoreOptions, tuning: StoreTuning = {}): Promise<SqlJsStore> {
  const sql = await loadSqlJs(options.wasmPath);
  return openStoreWith(sql, options, tuning);
}

/**
 * Start-up order matters: the journal's torn tail is cut first (it was never
 * acknowledged), damaged snapshots are swapped for their backups before any
 * record is replayed onto them, then the catalog and every shard the journal
 * holds newer records for are opened and brought up to date.
 */
function openStoreWith(sql: SqlJs, options: SqlJsStoreOptions, tuning: StoreTuning): SqlJsStore {
  const logger = options.logger ?? silentLogger;
  const maxOpenShards = options.maxOpenShards ?? 8;
  if (!Number.isInteger(maxOpenShards) || maxOpenShards < 1) {
    throw new StorageError(`maxOpenShards must be a positive integer, got ${maxOpenShards}`);
  }
  const dataDir = resolve(options.dataDir);
  prepareDirectories(dataDir);
  const lock = DataDirLock.acquire(dataDir);
  const log = new RecoveryLog(logger);
  let journal: Journal | null = null;
  let pool: ShardPool | null = null;
  try {
    removeInterruptedCheckpoints(dataDir, logger);
    const journalDir = join(dataDir, JOURNAL_DIR);
    const opened = Journal.open(journalDir, log);
    journal = opened.journal;
    const sequence = { lastLsn: Math.max(opened.contents.lastLsn, repairShardFiles(sql, dataDir, log)) };
    const schemas = tuning.schemas ?? shippedSchemas;
    checkShardMigrations(sql, dataDir, schemas);
    const inUse = new Set<Shard>();
    pool = new ShardPool({
      sql,
      dataDir,
      schemas,
      log,
      logger,
      maxOpenShards,
      currentLsn: () => sequence.lastLsn,
      readJournal: () => Journal.read(journalDir),
      inUse: () => inUse,
      fence: () => lock.assertCurrent(),
    });
    const writer = new Writer({
      pool,
      journal,
      logger,
      inUse,
      sequence,
      journalLimitBytes: tuning.journalLimitBytes ?? DEFAULT_JOURNAL_LIMIT,
      fence: () => lock.assertCurrent(),
    });

    const withRecords = pool.beginStartup(opened.contents.records);
    try {
      warnIfCatalogLost(dataDir, withRecords.size > 0, log);
      pool.openCatalog();
      withRecords.delete(CATALOG);
      for (const key of shardsToReplay(dataDir, withRecords, opened.contents.records, log)) pool.open(key);
    } finally {
      pool.endStartup();
    }
    // Start with every recovered change in a snapshot and an empty journal segment.
    if (!journal.hasSegment || pool.anyDirty()) writer.rotate();
    if (log.report.recovered.length > 0) logger.info('storage recovered', { data_dir: dataDir, repaired: log.report.recovered.length });
    return new ShardedStore({ pool, writer, journal, lock, log });
  } catch (error) {
    pool?.closeAll();
    journal?.close();
    lock.release();
    throw error;
  }
}

function prepareDirectories(dataDir: string): void {
  const created = mkdirSync(dataDir, { recursive: true }) !== undefined;
  for (const dir of [EVALUATIONS_DIR, PROFILES_DIR, JOURNAL_DIR]) mkdirSync(join(dataDir, dir), { recursive: true });
  if (created) fsyncDirectory(resolve(dataDir, '..'));
  fsyncDirectory(dataDir);
}

function warnIfCatalogLost(dataDir: string, journalHasRecords: boolean, log: RecoveryLog): void {
  const names = readdirSync(dataDir);
  if (names.includes('catalog.db') || names.includes('catalog.db.bak')) return;
  if (journalHasRecords || readdirSync(join(dataDir, EVALUATIONS_DIR)).length > 0) {
    log.warning(join(dataDir, 'catalog.db'), 'the catalog and its backup are missing: started an empty catalog; evaluation files were kept');
  }
}

interface StoreParts {
  pool: ShardPool;
  writer: Writer;
  journal: Journal;
  lock: DataDirLock;
  log: RecoveryLog;
}

class ShardedStore implements SqlJsStore {
  readonly startupReport: StartupReport;
  readonly customers: Store['customers'];
  readonly vendors: Store['vendors'];
  readonly scenarios: Store['scenarios'];
  readonly evaluations: Store['evaluations'];
  private closed = false;

  constructor(private readonly parts: StoreParts) {
    const { pool, writer } = parts;
    this.startupReport = parts.log.report;
    const dbs: Databases = {
      catalog: () => pool.catalog.db,
      read: (key) => pool.find(key)?.db ?? null,
      transaction: (work) => this.transaction(work),
      mutate: (key, sql, params) => writer.mutate(pool.open(key), sql, params),
    };
    this.customers = customersRepository(dbs);
    this.vendors = vendorsRepository(dbs);
    this.scenarios = scenariosRepository(dbs);
    const metadata = evaluationMetadata(dbs);
    this.evaluations = {
      insert: metadata.insert,
      get: metadata.get,
      list: metadata.list,
      listByStatus: metadata.listByStatus,
      update: metadata.update,
      ...evaluationRuns(dbs, metadata.exists),
    };
  }

  transaction<T>(work: () => T): T {
    if (this.closed) throw new StorageError('the store is closed');
    return this.parts.writer.transaction(work);
  }

  stats(): StoreStats {
    return {
      openShards: this.parts.pool.openShardKeys,
      journalBytes: this.parts.journal.currentBytes,
      lastLsn: this.parts.writer.lastLsn,
    };
  }

  /** Snapshots every changed database so the next start has nothing to replay, then releases the files. */
  close(): void {
    if (this.closed) return;
    const { pool, writer, journal, lock } = this.parts;
    if (writer.inTransaction) throw new StorageError('cannot close the store inside a transaction');
    this.closed = true;
    try {
      // A superseded store must not write: the newer one owns the files now.
      if (!lock.superseded && (journal.currentBytes > 0 || pool.anyDirty())) writer.rotate();
    } finally {
      pool.closeAll();
      journal.close();
      lock.release();
    }
  }
}

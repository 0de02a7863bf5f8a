import type { Logger } from '../../core/ports';
import { StorageError, messageOf } from './errors';
import type { Journal } from './journal';
import type { JournalOp } from './journal-format';
import type { Shard } from './shard';
import type { ShardPool } from './shard-pool';
import type { SqlParam } from './sql-engine';

export interface WriterOptions {
  pool: ShardPool;
  journal: Journal;
  logger: Logger;
  /** Shards changed by the transaction under way; shared with the pool so it never closes one. */
  inUse: Set<Shard>;
  sequence: { lastLsn: number };
  /** Past this many bytes of records the journal starts a new segment after writing snapshots. */
  journalLimitBytes: number;
  /** Throws when this store may no longer write files. */
  fence: () => void;
}

/**
 * The write path. Statements run at once in the in-memory databases, inside
 * SAVEPOINTs; when the outermost transaction ends, all of them go to the
 * journal as one record and only then are the SAVEPOINTs released. A failure
 * anywhere before that rolls every database back, so nothing of it remains.
 */
export class Writer {
  private depth = 0;
  private ops: JournalOp[] = [];
  private rotationRetryAt = 0;

  constructor(private readonly options: WriterOptions) {}

  get lastLsn(): number {
    return this.options.sequence.lastLsn;
  }

  transaction<T>(work: () => T): T {
    const depth = ++this.depth;
    const opsAtStart = this.ops.length;
    let result: T;
    try {
      result = work();
      if (isThenable(result)) {
        throw new StorageError('a storage transaction must be synchronous: its work returned a promise');
      }
    } catch (error) {
      this.rollbackFrame(depth, opsAtStart);
      this.depth -= 1;
      if (depth === 1) this.finish();
      throw error;
    }
    if (depth > 1) {
      this.releaseFrame(depth);
      this.depth -= 1;
      return result;
    }
    try {
      this.commit();
    } finally {
      this.depth -= 1;
      this.finish();
    }
    return result;
  }

  /** Runs one statement inside the transaction under way; returns the rows it changed. */
  mutate(shard: Shard, sql: string, params: SqlParam[]): number {
    if (this.depth === 0) throw new Error('storage mutations run inside transaction()');
    while (shard.savepointDepth < this.depth) {
      shard.savepointDepth += 1;
      shard.db.run(`SAVEPOINT sp${shard.savepointDepth}`);
    }
    this.options.inUse.add(shard);
    shard.db.run(sql, params);
    this.ops.push({ shard: shard.key, sql, params });
    return shard.db.getRowsModified();
  }

  private commit(): void {
    if (this.ops.length === 0) {
      this.releaseFrame(1);
      return;
    }
    const record = { lsn: this.lastLsn + 1, ops: this.ops };
    try {
      this.options.fence();
      this.options.journal.append(record);
    } catch (error) {
      this.rollbackFrame(1, 0);
      throw error;
    }
    this.releaseFrame(1);
    const changed = new Set(this.ops.map((op) => op.shard));
    for (const shard of this.options.inUse) if (changed.has(shard.key)) shard.appliedLsn = record.lsn;
    this.options.sequence.lastLsn = record.lsn;
  }

  private releaseFrame(depth: number): void {
    for (const shard of this.options.inUse) {
      if (shard.savepointDepth < depth) continue;
      shard.db.run(`RELEASE sp${depth}`);
      shard.savepointDepth = depth - 1;
    }
  }

  private rollbackFrame(depth: number, opsAtStart: number): void {
    for (const shard of this.options.inUse) {
      if (shard.savepointDepth < depth) continue;
      shard.db.run(`ROLLBACK TO sp${depth}`);
      shard.db.run(`RELEASE sp${depth}`);
      shard.savepointDepth = depth - 1;
    }
    this.ops.length = opsAtStart;
  }

  private finish(): void {
    this.ops = [];
    this.options.inUse.clear();
    this.options.pool.evictOverflow();
    this.rotateWhenDue();
  }

  private rotateWhenDue(): void {
    const bytes = this.options.journal.currentBytes;
    if (bytes < this.options.journalLimitBytes || bytes < this.rotationRetryAt) return;
    try {
      this.rotate();
      this.rotationRetryAt = 0;
    } catch (error) {
      // The write that got here is already durable; the journal just grows until a checkpoint succeeds.
      this.rotationRetryAt = bytes + this.options.journalLimitBytes / 4;
      this.options.logger.error('storage could not checkpoint; the journal keeps growing until it can', {
        error: messageOf(error),
      });
    }
  }

  /**
   * Snapshots every changed database, then starts a new journal segment.
   * Segments are deleted only once the catalog's backup holds their records,
   * so restoring the catalog from its backup loses nothing.
   */
  rotate(): void {
    if (this.depth > 0) throw new Error('cannot checkpoint inside a transaction');
    const { pool, journal } = this.options;
    pool.checkpointAll(this.lastLsn);
    journal.startSegment(this.lastLsn);
    journal.pruneThrough(pool.catalog.backupLsn);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}

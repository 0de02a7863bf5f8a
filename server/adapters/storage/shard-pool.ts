import { existsSync } from 'node:fs';
import type { Logger } from '../../core/ports';
import { StorageError, messageOf } from './errors';
import type { JournalRecord } from './journal-format';
import type { DatabaseKind, Schemas } from './migrations';
import type { RecoveryLog } from './recovery-log';
import { openShard, type Shard } from './shard';
import { CATALOG, locateShard, type ShardKey } from './shard-names';
import type { SqlJs } from './sql-engine';

export interface ShardPoolOptions {
  sql: SqlJs;
  dataDir: string;
  schemas: Schemas;
  log: RecoveryLog;
  logger: Logger;
  maxOpenShards: number;
  /** The highest acknowledged journal sequence number. */
  currentLsn: () => number;
  /** Re-reads the journal, for a database found damaged after start. */
  readJournal: () => JournalRecord[];
  /** Shards the transaction under way has changed: they hold SAVEPOINTs and must stay open. */
  inUse: () => ReadonlySet<Shard>;
  /** Throws when this store may no longer write files. */
  fence: () => void;
}

const CATALOG_CACHE_KIB = 4096;
const SHARD_CACHE_KIB = 1024;
/**
 * Shards hold rows of a few KB (runs, profiles): with 4 KB pages a third of
 * each page is slack, with 1 KB pages the file is ~1.15x its data instead of ~1.6x,
 * which is also what a shard costs in memory while open.
 */
const PAGE_SIZE: Record<DatabaseKind, number> = { catalog: 4096, evaluation: 1024, profile: 1024 };

/**
 * The catalog, always open, and an LRU of evaluation and profile shards.
 * sql.js keeps every open database whole in memory and its wasm heap never
 * shrinks, so the number of open shards is what bounds memory.
 */
export class ShardPool {
  private catalogShard: Shard | null = null;
  private readonly lru = new Map<ShardKey, Shard>();
  private startupRecords: Map<ShardKey, JournalRecord[]> | null = null;

  constructor(private readonly options: ShardPoolOptions) {}

  get catalog(): Shard {
    if (!this.catalogShard) throw new StorageError('the store is closed');
    return this.catalogShard;
  }

  /** Journal records read at start, handed to each database as it opens. */
  beginStartup(records: JournalRecord[]): Set<ShardKey> {
    const byShard = new Map<ShardKey, JournalRecord[]>();
    for (const record of records) {
      for (const key of new Set(record.ops.map((op) => op.shard))) {
        const list = byShard.get(key) ?? [];
        list.push(record);
        byShard.set(key, list);
      }
    }
    this.startupRecords = byShard;
    return new Set(byShard.keys());
  }

  endStartup(): void {
    this.startupRecords = null;
  }

  openCatalog(): Shard {
    this.catalogShard = this.openAndSettle(CATALOG, CATALOG_CACHE_KIB);
    return this.catalogShard;
  }

  /** The shard for `key` if it was ever written, else null (reads never create files). */
  find(key: ShardKey): Shard | null {
    if (key === CATALOG) return this.catalog;
    return this.lru.has(key) || this.exists(key) ? this.open(key) : null;
  }

  /** The shard for `key`, created on first use. */
  open(key: ShardKey): Shard {
    if (key === CATALOG) return this.catalog;
    const open = this.lru.get(key);
    if (open) {
      this.lru.delete(key);
      this.lru.set(key, open);
      return open;
    }
    const shard = this.openAndSettle(key, SHARD_CACHE_KIB);
    this.lru.set(key, shard);
    this.evictOverflow(shard);
    return shard;
  }

  anyDirty(): boolean {
    return this.catalog.dirty || [...this.lru.values()].some((shard) => shard.dirty);
  }

  exists(key: ShardKey): boolean {
    const location = locateShard(this.options.dataDir, key);
    return existsSync(location.path) || existsSync(location.backupPath) || (this.startupRecords?.has(key) ?? false);
  }

  private openAndSettle(key: ShardKey, cacheKiB: number): Shard {
    const { sql, dataDir, schemas, log } = this.options;
    const location = locateShard(dataDir, key);
    const shard = openShard({
      sql,
      key,
      location,
      schema: schemas[location.kind],
      log,
      cacheKiB,
      pageSize: PAGE_SIZE[location.kind],
      records: (loadedLsn, recovered) => this.recordsFor(key, loadedLsn, recovered),
    });
    // Created, migrated or restored outside the journal: on disk before any record builds on it.
    try {
      if (shard.needsCheckpoint) {
        this.options.fence();
        shard.checkpoint(this.options.currentLsn());
      }
    } catch (error) {
      shard.close();
      throw error;
    }
    return shard;
  }

  private recordsFor(key: ShardKey, loadedLsn: number, recovered: boolean): JournalRecord[] {
    const atStartup = this.startupRecords?.get(key);
    if (atStartup) {
      this.startupRecords?.delete(key);
      return atStartup;
    }
    if (!recovered) return [];
    return this.options.readJournal().filter((record) => record.lsn > loadedLsn && record.ops.some((op) => op.shard === key));
  }

  /** Closes least recently used shards beyond the bound, writing each one's snapshot first. */
  evictOverflow(keep?: Shard): void {
    if (this.lru.size <= this.options.maxOpenShards) return;
    const inUse = this.options.inUse();
    for (const [key, shard] of this.lru) {
      if (this.lru.size <= this.options.maxOpenShards) return;
      if (shard === keep || inUse.has(shard) || shard.savepointDepth > 0) continue;
      try {
        if (shard.dirty) {
          this.options.fence();
          shard.checkpoint(this.options.currentLsn());
        }
      } catch (error) {
        // Kept open: its changes are still safe in the journal, and the next checkpoint retries.
        this.options.logger.error('storage could not write a snapshot', { shard: key, error: messageOf(error) });
        continue;
      }
      shard.close();
      this.lru.delete(key);
    }
  }

  /** Writes a snapshot of every open database that changed; the catalog's always, so its backup follows the journal. */
  checkpointAll(lsn: number): void {
    this.options.fence();
    for (const shard of this.lru.values()) if (shard.dirty) shard.checkpoint(lsn);
    this.catalog.checkpoint(lsn);
  }

  closeAll(): void {
    for (const shard of this.lru.values()) shard.close();
    this.lru.clear();
    this.catalogShard?.close();
    this.catalogShard = null;
  }

  get openShardKeys(): ShardKey[] {
    return [...this.lru.keys()];
  }
}

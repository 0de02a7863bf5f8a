import { existsSync, renameSync } from 'node:fs';
import { messageOf } from './errors';
import type { JournalRecord } from './journal-format';
import { applyMigrations, pendingMigrations } from './migrator';
import type { Schema } from './migrations';
import type { RecoveryLog } from './recovery-log';
import type { ShardKey, ShardLocation } from './shard-names';
import { readSnapshot, readSnapshotTrailer, writeSnapshot } from './snapshot-file';
import { queryAll, type SqlDatabase, type SqlJs } from './sql-engine';

/** One open database: the in-memory sql.js copy of a snapshot plus the journal records after it. */
export class Shard {
  /** Journal sequence number the snapshot file holds everything up to. */
  snapshotLsn: number;
  /** Sequence number of the snapshot kept as `.bak`, or of the snapshot itself when there is no backup. */
  backupLsn: number;
  /** Highest journal record applied to this database in memory. */
  appliedLsn: number;
  /** Set when the database changed outside the journal (created, migrated, restored). */
  needsCheckpoint = false;
  /** SAVEPOINTs open in this database for the transaction under way. */
  savepointDepth = 0;

  constructor(
    readonly key: ShardKey,
    readonly location: ShardLocation,
    readonly db: SqlDatabase,
    snapshotLsn: number,
    backupLsn: number,
  ) {
    this.snapshotLsn = snapshotLsn;
    this.backupLsn = backupLsn;
    this.appliedLsn = snapshotLsn;
  }

  get dirty(): boolean {
    return this.needsCheckpoint || this.appliedLsn > this.snapshotLsn;
  }

  /** Writes the database as a new snapshot holding every journal record up to `lsn`. */
  checkpoint(lsn: number): void {
    if (this.savepointDepth > 0) throw new Error(`cannot checkpoint ${this.key} inside a transaction`);
    const hadSnapshot = existsSync(this.location.path);
    writeSnapshot(this.location.path, this.location.backupPath, this.db.export(), lsn);
    if (hadSnapshot) this.backupLsn = this.snapshotLsn;
    this.snapshotLsn = lsn;
    this.appliedLsn = lsn;
    this.needsCheckpoint = false;
  }

  close(): void {
    this.db.close();
  }
}

export interface ShardOpening {
  sql: SqlJs;
  key: ShardKey;
  location: ShardLocation;
  schema: Schema;
  log: RecoveryLog;
  /** Journal records this database may be missing; those at or below its snapshot are skipped. */
  records: (loadedLsn: number, recovered: boolean) => JournalRecord[];
  cacheKiB: number;
  pageSize: number;
}

/**
 * Opens a database: the snapshot if it is sound, else its backup, else an
 * empty one; then the journal records it lacks; then pending migrations.
 */
export function openShard(opening: ShardOpening): Shard {
  const { sql, key, location, schema, log } = opening;
  const loaded = loadSound(sql, location, log);
  const db = loaded.db ?? new sql.Database();
  // Only a database without tables takes a page size; an existing one keeps its own.
  if (!loaded.db) db.run(`PRAGMA page_size = ${opening.pageSize}`);
  db.run(`PRAGMA cache_size = -${opening.cacheKiB}`);
  const shard = new Shard(key, location, db, loaded.lsn, loaded.backupLsn);
  try {
    const pending = pendingMigrations(db, schema, location.path);
    if (!loaded.db) {
      // An empty database gets its schema before any record, the order it had when it was first written.
      applyMigrations(db, pending, location.path);
      shard.needsCheckpoint = true;
      replay(shard, opening.records(loaded.lsn, loaded.recovered), log);
    } else {
      replay(shard, opening.records(loaded.lsn, loaded.recovered), log);
      applyMigrations(db, pending, location.path);
      shard.needsCheckpoint = loaded.recovered || pending.length > 0;
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return shard;
}

function replay(shard: Shard, records: JournalRecord[], log: RecoveryLog): void {
  for (const record of records) {
    if (record.lsn <= shard.appliedLsn) continue;
    const ops = record.ops.filter((op) => op.shard === shard.key);
    if (ops.length === 0) continue;
    shard.db.run('SAVEPOINT replay');
    try {
      for (const op of ops) shard.db.run(op.sql, op.params);
      shard.db.run('RELEASE replay');
    } catch (error) {
      shard.db.run('ROLLBACK TO replay');
      shard.db.run('RELEASE replay');
      log.warning(shard.location.path, `journal record ${record.lsn} could not be replayed and was skipped: ${messageOf(error)}`);
    }
    shard.appliedLsn = record.lsn;
  }
}

interface Loaded {
  db: SqlDatabase | null;
  lsn: number;
  backupLsn: number;
  /** The snapshot was damaged: the backup or nothing was used in its place. */
  recovered: boolean;
}

function loadSound(sql: SqlJs, location: ShardLocation, log: RecoveryLog): Loaded {
  const main = loadVerified(sql, location.path);
  if (main.ok) {
    const backup = readSnapshotTrailer(location.backupPath);
    return { db: main.db, lsn: main.lsn, backupLsn: backup.ok ? backup.lsn : main.lsn, recovered: false };
  }
  const backup = loadVerified(sql, location.backupPath);
  if (main.missing && (backup.ok || backup.missing)) {
    if (!backup.ok) return { db: null, lsn: 0, backupLsn: 0, recovered: false };
    log.recovered(location.path, 'the snapshot is missing', true);
    return { db: backup.db, lsn: backup.lsn, backupLsn: backup.lsn, recovered: true };
  }
  if (!main.missing) setAside(location.path);
  if (backup.ok) {
    log.recovered(location.path, `${main.reason}; set aside as .damaged`, true);
    return { db: backup.db, lsn: backup.lsn, backupLsn: backup.lsn, recovered: true };
  }
  if (!backup.missing) setAside(location.backupPath);
  log.recovered(location.path, `${main.reason}; the backup is ${backup.reason}; started empty`, false);
  log.warning(location.path, 'no good copy was left: only changes still in the journal could be restored');
  return { db: null, lsn: 0, backupLsn: 0, recovered: true };
}

type Verified = { ok: true; db: SqlDatabase; lsn: number } | { ok: false; missing: boolean; reason: string };

/** A snapshot is sound when its checksum matches and SQLite's own check agrees. */
export function loadVerified(sql: SqlJs, path: string): Verified {
  const read = readSnapshot(path);
  if (!read.ok) return read;
  let db: SqlDatabase | null = null;
  try {
    db = new sql.Database(read.bytes);
    const check = queryAll(db, 'PRAGMA quick_check');
    const verdict = check.map((row) => String(Object.values(row)[0])).join('; ');
    if (verdict !== 'ok') throw new Error(`quick_check: ${verdict}`);
    return { ok: true, db, lsn: read.lsn };
  } catch (error) {
    db?.close();
    return { ok: false, missing: false, reason: `not a sound database (${messageOf(error)})` };
  }
}

function setAside(path: string): void {
  renameSync(path, `${path}.damaged`);
}

import { existsSync, readFileSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../core/ports';
import { removeIfPresent, replaceFileDurably } from './durable-fs';
import type { JournalRecord } from './journal-format';
import type { Schemas } from './migrations';
import { pendingMigrations } from './migrator';
import type { RecoveryLog } from './recovery-log';
import { loadVerified } from './shard';
import { EVALUATIONS_DIR, PROFILES_DIR, locateShard, type ShardKey } from './shard-names';
import { SnapshotVerifier, readSnapshotTrailer } from './snapshot-file';
import type { SqlJs } from './sql-engine';

/** A checkpoint interrupted by a crash leaves its temp file; the snapshot it was replacing is intact. */
export function removeInterruptedCheckpoints(dataDir: string, logger: Logger): void {
  for (const dir of [dataDir, join(dataDir, EVALUATIONS_DIR), join(dataDir, PROFILES_DIR)]) {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.db.tmp')) continue;
      removeIfPresent(join(dir, name));
      logger.info('storage removed the temp file of an interrupted checkpoint', { file: join(dir, name) });
    }
  }
}

/**
 * Verifies the checksum of every shard snapshot (about 90 ms for 1,000
 * evaluations of 100 KB) and puts the backup in place of one that is damaged
 * or missing, so damage is found and reported at start, not when a user
 * happens to open that evaluation. Returns the highest sequence number seen.
 */
export function repairShardFiles(sql: SqlJs, dataDir: string, log: RecoveryLog): number {
  const verifier = new SnapshotVerifier();
  let highest = lsnOf(join(dataDir, 'catalog.db'), join(dataDir, 'catalog.db.bak'));
  for (const dir of [join(dataDir, EVALUATIONS_DIR), join(dataDir, PROFILES_DIR)]) {
    const snapshots = new Set<string>();
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.db')) snapshots.add(join(dir, name));
      else if (name.endsWith('.db.bak')) snapshots.add(join(dir, name.slice(0, -'.bak'.length)));
    }
    for (const path of snapshots) {
      const verified = verifier.verify(path);
      if (!verified.ok) restoreBackup(sql, path, verified.reason, log);
      highest = Math.max(highest, lsnOf(path));
    }
  }
  return highest;
}

function lsnOf(...paths: string[]): number {
  let highest = 0;
  for (const path of paths) {
    const trailer = readSnapshotTrailer(path);
    if (trailer.ok) highest = Math.max(highest, trailer.lsn);
  }
  return highest;
}

function restoreBackup(sql: SqlJs, path: string, reason: string, log: RecoveryLog): void {
  const backupPath = `${path}.bak`;
  const backup = loadVerified(sql, backupPath);
  if (existsSync(path)) renameSync(path, `${path}.damaged`);
  if (backup.ok) {
    backup.db.close();
    replaceFileDurably(path, [readFileSync(backupPath)], null);
    log.recovered(path, reason === 'missing' ? 'the snapshot is missing' : `${reason}; set aside as .damaged`, true);
    return;
  }
  if (!backup.missing) renameSync(backupPath, `${backupPath}.damaged`);
  log.recovered(path, `${reason}; the backup is ${backup.missing ? 'missing' : backup.reason}: nothing to restore`, false);
}

/**
 * Shards open on demand, so a changed migration would only surface when a
 * user opens an old evaluation. Checking the newest shard of each kind
 * refuses it at start, like the catalog.
 */
export function checkShardMigrations(sql: SqlJs, dataDir: string, schemas: Schemas): void {
  for (const [dir, schema] of [
    [join(dataDir, EVALUATIONS_DIR), schemas.evaluation],
    [join(dataDir, PROFILES_DIR), schemas.profile],
  ] as const) {
    const newest = readdirSync(dir)
      .filter((name) => name.endsWith('.db'))
      .map((name) => join(dir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (!newest) continue;
    const loaded = loadVerified(sql, newest);
    if (!loaded.ok) continue;
    try {
      pendingMigrations(loaded.db, schema, newest);
    } finally {
      loaded.db.close();
    }
  }
}

/** Shards whose snapshot lacks journal records: they are opened at start so the records are applied. */
export function shardsToReplay(dataDir: string, keys: Iterable<ShardKey>, records: JournalRecord[], log: RecoveryLog): ShardKey[] {
  const needed: ShardKey[] = [];
  for (const key of keys) {
    const { path } = locateShard(dataDir, key);
    const trailer = readSnapshotTrailer(path);
    if (!trailer.ok) {
      log.warning(path, 'the database file is gone: rebuilt from the journal records still kept, older changes are lost');
      needed.push(key);
    } else if (records.some((record) => record.lsn > trailer.lsn && record.ops.some((op) => op.shard === key))) {
      needed.push(key);
    }
  }
  return needed;
}

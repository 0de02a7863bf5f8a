import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationChangedError, openSqlJsStore } from '../../../../server/adapters/storage';
import { schemas } from '../../../../server/adapters/storage/migrations';
import { openStore, type SqlJsStore, type StoreTuning } from '../../../../server/adapters/storage/sqljs-store';
import type { Logger } from '../../../../server/core/ports';
import { useTempDir } from '../../../support/temp-dir';
import { customer, evaluation, run } from './records';

const tempDir = useTempDir('store-recovery-');
const opened: SqlJsStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function open(dataDir: string, tuning: StoreTuning = {}, logger?: Logger): Promise<SqlJsStore> {
  const store = await openStore({ dataDir, logger }, tuning);
  opened.push(store);
  return store;
}

function close(store: SqlJsStore): void {
  store.close();
  opened.splice(opened.indexOf(store), 1);
}

/** A crash: the process is gone without close(); the next open is all that matters. */
function abandon(store: SqlJsStore): void {
  opened.splice(opened.indexOf(store), 1);
}

function overwriteMiddle(path: string, bytes: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(bytes, 0x5a), 0, bytes, Math.floor(statSync(path).size / 2));
  } finally {
    closeSync(fd);
  }
}

function newestSegment(dataDir: string): string {
  const names = readdirSync(join(dataDir, 'journal')).filter((name) => name.endsWith('.log')).sort();
  return join(dataDir, 'journal', names.at(-1)!);
}

describe('sql.js store: recovery', () => {
  it('keeps every acknowledged write when the process ends without close', async () => {
    const dir = tempDir();
    const store = await open(dir);
    store.customers.insert(customer('cust-1'));
    store.evaluations.insert(evaluation('eval-1'));
    store.evaluations.saveRun(run('eval-1', 0));
    store.evaluations.update('eval-1', { status: 'running' });
    abandon(store);

    const reopened = await open(dir);
    expect(reopened.customers.get('cust-1')).not.toBeNull();
    expect(reopened.evaluations.get('eval-1')?.status).toBe('running');
    expect(reopened.evaluations.getRun('eval-1.0')).toEqual(run('eval-1', 0));
    expect(reopened.startupReport).toEqual({ recovered: [], warnings: [] });
  });

  it('keeps writes across crashes while checkpoints and journal segments rotate', async () => {
    const dir = tempDir();
    const tuning = { journalLimitBytes: 8 * 1024 };
    for (let round = 0; round < 4; round += 1) {
      const store = await open(dir, tuning);
      store.evaluations.insert(evaluation(`eval-${round}`));
      for (let seq = 0; seq < 6; seq += 1) store.evaluations.saveRun(run(`eval-${round}`, seq));
      store.customers.insert(customer(`cust-${round}`));
      abandon(store);
    }
    const store = await open(dir, tuning);
    for (let round = 0; round < 4; round += 1) {
      expect(store.evaluations.listRuns(`eval-${round}`)).toHaveLength(6);
      expect(store.customers.get(`cust-${round}`)).not.toBeNull();
    }
    // Old segments are pruned: the journal does not grow with everything ever written.
    expect(readdirSync(join(dir, 'journal')).filter((name) => name.endsWith('.log')).length).toBeLessThanOrEqual(3);
  });

  it('opens a damaged catalog from its backup and replays the journal so nothing is lost', async () => {
    const dir = tempDir();
    const warnings: string[] = [];
    const logger: Logger = { info: () => {}, warn: (message) => warnings.push(message), error: () => {} };
    let store = await open(dir);
    store.customers.insert(customer('cust-1'));
    close(store);
    store = await open(dir);
    store.customers.insert(customer('cust-2'));
    close(store);

    overwriteMiddle(join(dir, 'catalog.db'), 64);
    store = await open(dir, {}, logger);
    expect(store.startupReport.recovered).toEqual([
      { file: join(dir, 'catalog.db'), reason: expect.stringMatching(/checksum mismatch/), usedBackup: true },
    ]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'catalog.db.damaged'))).toBe(true);
    expect(store.customers.list().map((c) => c.id).sort()).toEqual(['cust-1', 'cust-2']);
    close(store);

    store = await open(dir);
    expect(store.startupReport.recovered).toEqual([]);
    expect(store.customers.list()).toHaveLength(2);
  });

  it('finds a truncated evaluation shard at start and uses its backup', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.evaluations.saveRun(run('eval-1', 0));
    close(store);
    store = await open(dir);
    store.evaluations.saveRun(run('eval-1', 1));
    close(store);

    const shard = join(dir, 'evaluations', 'eval-1.db');
    truncateSync(shard, Math.floor(statSync(shard).size / 3));
    store = await open(dir);
    expect(store.startupReport.recovered).toEqual([
      { file: shard, reason: expect.stringMatching(/truncated|trailer/), usedBackup: true },
    ]);
    expect(store.evaluations.listRuns('eval-1').map((r) => r.seq)).toEqual([0, 1]);
  });

  it('finds bytes overwritten inside a shard at start, which SQLite alone would not notice', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.evaluations.saveRun(run('eval-1', 0));
    close(store);
    store = await open(dir);
    store.evaluations.saveRun(run('eval-1', 1));
    close(store);

    overwriteMiddle(join(dir, 'evaluations', 'eval-1.db'), 16);
    store = await open(dir);
    expect(store.startupReport.recovered).toMatchObject([{ reason: expect.stringMatching(/checksum/), usedBackup: true }]);
    expect(store.evaluations.listRuns('eval-1')).toEqual([run('eval-1', 0), run('eval-1', 1)]);
  });

  it('starts empty when a snapshot and its backup are both damaged, and says so', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.customers.insert(customer('cust-1'));
    close(store);
    store = await open(dir);
    close(store);
    overwriteMiddle(join(dir, 'catalog.db'), 64);
    writeFileSync(join(dir, 'catalog.db.bak'), 'not a database');
    store = await open(dir);
    expect(store.startupReport.recovered).toMatchObject([{ file: join(dir, 'catalog.db'), usedBackup: false }]);
    expect(store.startupReport.warnings.join('\n')).toMatch(/no good copy/);
    // The journal still held the insert, so it comes back even without a snapshot.
    expect(store.customers.get('cust-1')).not.toBeNull();
  });

  it('ignores and reports a journal record cut short by a crash', async () => {
    const dir = tempDir();
    const store = await open(dir);
    store.customers.insert(customer('cust-1'));
    store.customers.insert(customer('cust-2'));
    abandon(store);
    const segment = newestSegment(dir);
    const sizeBefore = statSync(segment).size;
    const torn = Buffer.alloc(12);
    torn.writeUInt32LE(5000, 0);
    writeFileSync(segment, torn, { flag: 'a' });

    const reopened = await open(dir);
    expect(reopened.customers.list().map((c) => c.id)).toEqual(['cust-2', 'cust-1']);
    expect(reopened.startupReport.recovered).toEqual([
      { file: segment, reason: expect.stringMatching(/cut short.*never completed/), usedBackup: false },
    ]);
    expect(statSync(segment).size).toBeLessThanOrEqual(sizeBefore);
  });

  it('drops a last journal record whose checksum does not match, and keeps the ones before it', async () => {
    const dir = tempDir();
    const store = await open(dir);
    store.customers.insert(customer('cust-1'));
    store.customers.insert(customer('cust-2'));
    abandon(store);
    const segment = newestSegment(dir);
    const fd = openSync(segment, 'r+');
    writeSync(fd, Buffer.from('#'), 0, 1, statSync(segment).size - 3);
    closeSync(fd);

    const reopened = await open(dir);
    expect(reopened.customers.list().map((c) => c.id)).toEqual(['cust-1']);
    expect(reopened.startupReport.recovered).toMatchObject([{ file: segment, reason: expect.stringMatching(/checksum mismatch/) }]);
  });

  it('removes the temp file of a checkpoint interrupted by a crash', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.customers.insert(customer('cust-1'));
    close(store);
    writeFileSync(join(dir, 'catalog.db.tmp'), 'half a snapshot');
    store = await open(dir);
    expect(existsSync(join(dir, 'catalog.db.tmp'))).toBe(false);
    expect(store.customers.list()).toHaveLength(1);
    expect(store.startupReport.recovered).toEqual([]);
  });
});

describe('sql.js store: migrations and ownership', () => {
  const edited: StoreTuning['schemas'] = {
    ...schemas,
    catalog: {
      kind: 'catalog',
      migrations: [{ ...schemas.catalog.migrations[0]!, sql: `${schemas.catalog.migrations[0]!.sql}\n-- edited after release\n` }],
    },
  };

  it('refuses to open a database whose applied migration text changed, with a clear error', async () => {
    const dir = tempDir();
    close(await open(dir));
    const attempt = openStore({ dataDir: dir }, { schemas: edited });
    await expect(attempt).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(openStore({ dataDir: dir }, { schemas: edited })).rejects.toThrow(
      /migration 1 \(customers-vendors-scenarios-evaluations\) was changed after it was applied to .*catalog\.db: recorded sha256 [0-9a-f]{64}/,
    );
    // The refusal left the directory usable by the right version.
    const store = await open(dir);
    expect(store.customers.list()).toEqual([]);
  });

  it('refuses at start, not at first use, when a shard migration changed', async () => {
    const dir = tempDir();
    const store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.evaluations.saveRun(run('eval-1', 0));
    close(store);
    const editedShards: StoreTuning['schemas'] = {
      ...schemas,
      evaluation: {
        kind: 'evaluation',
        migrations: [{ ...schemas.evaluation.migrations[0]!, sql: schemas.evaluation.migrations[0]!.sql.replace('score REAL', 'score NUMERIC') }],
      },
    };
    await expect(openStore({ dataDir: dir }, { schemas: editedShards })).rejects.toThrow(
      /migration 1 \(runs-profile-snapshots-results\) was changed after it was applied to .*eval-1\.db/,
    );
  });

  it('applies a new numbered migration once and keeps the data', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.customers.insert(customer('cust-1'));
    abandon(store);
    const version = schemas.catalog.migrations.length + 1;
    const next: StoreTuning['schemas'] = {
      ...schemas,
      catalog: {
        kind: 'catalog',
        migrations: [...schemas.catalog.migrations, { version, name: 'customers-by-name', sql: 'CREATE INDEX customers_by_name ON customers (name);' }],
      },
    };
    store = await open(dir, { schemas: next });
    expect(store.customers.list()).toHaveLength(1);
    close(store);
    store = await open(dir, { schemas: next });
    close(store);
    await expect(openStore({ dataDir: dir })).rejects.toThrow(new RegExp(`migration ${version} \\(customers-by-name\\).*newer version`));
  });

  it('refuses a data directory another running process holds, and takes over one left by a crash', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'LOCK'), String(process.ppid));
    await expect(openSqlJsStore({ dataDir: dir })).rejects.toThrow(/in use by another Vendor Evaluation process/);

    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(dir, 'LOCK'), gone.stdout);
    const store = await open(dir);
    store.customers.insert(customer('cust-1'));
    close(store);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
  });

  it('fences off an earlier store of this process once the directory is opened again', async () => {
    const dir = tempDir();
    const earlier = await open(dir);
    earlier.evaluations.insert(evaluation('eval-1'));
    earlier.evaluations.saveRun(run('eval-1', 0));
    abandon(earlier);
    const newer = await open(dir);
    newer.evaluations.saveRun(run('eval-1', 1));

    expect(() => earlier.customers.insert(customer('cust-late'))).toThrow(/no longer owns/);
    earlier.close();
    close(newer);
    const reopened = await open(dir);
    expect(reopened.evaluations.listRuns('eval-1').map((r) => r.seq)).toEqual([0, 1]);
    expect(reopened.customers.list()).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlJsStore } from '../../../../server/adapters/storage';
import type { Store } from '../../../../server/core/ports';
import { useTempDir } from '../../../support/temp-dir';
import { customer, evaluation, profile, results, run, scenario, vendor } from './records';

const tempDir = useTempDir('store-round-trip-');
const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function open(dataDir: string): Promise<Store> {
  const store = await openSqlJsStore({ dataDir });
  opened.push(store);
  return store;
}

/** Closes and reopens, so every assertion after it reads what is on disk. */
async function reopen(store: Store, dataDir: string): Promise<Store> {
  store.close();
  opened.splice(opened.indexOf(store), 1);
  return open(dataDir);
}

describe('sql.js store: round trips', () => {
  it('stores customers, vendors and scenarios and lists them newest first', async () => {
    const dir = tempDir();
    let store = await open(dir);
    const first = customer('cust-1');
    const second = customer('cust-2');
    const sameTime = customer('cust-3', { created_at: second.created_at });
    for (const record of [first, second, sameTime]) store.customers.insert(record);
    const vendors = [vendor('ven-a'), vendor('ven-b', { description: '' })];
    for (const record of vendors) store.vendors.insert(record);
    const withBudget = scenario('scn-1');
    const withoutBudget = scenario('scn-2', { budget: null, requirements: [] });
    store.scenarios.insert(withBudget);
    store.scenarios.insert(withoutBudget);

    store = await reopen(store, dir);
    expect(store.customers.get('cust-2')).toEqual(second);
    expect(store.customers.get('nobody')).toBeNull();
    expect(store.customers.list().map((c) => c.id)).toEqual(['cust-3', 'cust-2', 'cust-1']);
    expect(store.vendors.list()).toEqual([vendors[1], vendors[0]]);
    expect(store.vendors.get('ven-a')).toEqual(vendors[0]);
    expect(store.scenarios.get('scn-1')).toEqual(withBudget);
    expect(store.scenarios.list()).toEqual([withoutBudget, withBudget]);
  });

  it('refuses a second record with the same id and keeps the first', async () => {
    const store = await open(tempDir());
    const original = customer('cust-1');
    store.customers.insert(original);
    expect(() => store.customers.insert(customer('cust-1', { name: 'Impostor' }))).toThrow(/UNIQUE/);
    expect(store.customers.list()).toEqual([original]);
  });

  it('saves a vendor profile and updates the vendor it belongs to', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.vendors.insert(vendor('ven-a'));
    expect(store.vendors.getProfile('ven-a')).toBeNull();
    const first = profile('ven-a', { status: 'partial', ingested_at: '2025-03-02T10:00:00.000Z' });
    store.vendors.saveProfile(first);
    const second = profile('ven-a', { status: 'ok', summary: 'Read again.', ingested_at: '2025-03-03T10:00:00.000Z' });
    store.vendors.saveProfile(second);

    store = await reopen(store, dir);
    expect(store.vendors.getProfile('ven-a')).toEqual(second);
    expect(store.vendors.get('ven-a')).toMatchObject({ profile_status: 'ok', profile_updated_at: '2025-03-03T10:00:00.000Z' });
    expect(() => store.vendors.saveProfile(profile('ghost'))).toThrow(/no such vendor/);
    expect(store.vendors.getProfile('ghost')).toBeNull();
  });

  it('stores evaluations, lists them newest first and by status', async () => {
    const dir = tempDir();
    let store = await open(dir);
    const older = evaluation('eval-1');
    const newer = evaluation('eval-2', { status: 'running', samples: null });
    const newest = evaluation('eval-3', { status: 'running' });
    for (const record of [older, newer, newest]) store.evaluations.insert(record);

    store = await reopen(store, dir);
    expect(store.evaluations.get('eval-2')).toEqual(newer);
    expect(store.evaluations.get('eval-9')).toBeNull();
    expect(store.evaluations.list().map((e) => e.id)).toEqual(['eval-3', 'eval-2', 'eval-1']);
    expect(store.evaluations.listByStatus('running').map((e) => e.id)).toEqual(['eval-3', 'eval-2']);
    expect(store.evaluations.listByStatus('failed')).toEqual([]);
  });

  it('applies update patches field by field and leaves the rest alone', async () => {
    const dir = tempDir();
    let store = await open(dir);
    const original = evaluation('eval-1');
    store.evaluations.insert(original);
    store.evaluations.update('eval-1', { status: 'running', phase: 'running', started_at: '2025-03-01T10:00:00.000Z' });
    store.evaluations.update('eval-1', { progress: { total_runs: 10, completed_runs: 4, failed_runs: 1 } });
    store.evaluations.update('eval-1', { error: 'The model provider refused the key.', status: 'failed' });
    store.evaluations.update('eval-1', {});

    store = await reopen(store, dir);
    expect(store.evaluations.get('eval-1')).toEqual({
      ...original,
      status: 'failed',
      phase: 'running',
      started_at: '2025-03-01T10:00:00.000Z',
      error: 'The model provider refused the key.',
      progress: { total_runs: 10, completed_runs: 4, failed_runs: 1 },
    });
    store.evaluations.update('eval-1', { error: null });
    expect(store.evaluations.get('eval-1')?.error).toBeNull();
    expect(() => store.evaluations.update('eval-9', { status: 'running' })).toThrow(/no such evaluation/);
    expect(() => store.evaluations.update('eval-9', {})).toThrow(/no such evaluation/);
  });

  it('keeps runs in plan order, replaces a run by id, and finds one by run id', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.evaluations.insert(evaluation('eval-2'));
    const plan = [2, 0, 1].map((seq) => run('eval-1', seq, { status: 'pending', score: null, samples: [], detail: null }));
    store.evaluations.resetRuns('eval-1', plan);
    const finished = run('eval-1', 1, { score: 9, stage: 'completion' });
    store.evaluations.saveRun(finished);
    store.evaluations.saveRun(run('eval-2', 0));

    store = await reopen(store, dir);
    const runs = store.evaluations.listRuns('eval-1');
    expect(runs.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(runs[1]).toEqual(finished);
    expect(runs[0]).toEqual(plan[1]);
    expect(store.evaluations.getRun('eval-1.1')).toEqual(finished);
    expect(store.evaluations.getRun('eval-2.0')?.evaluation_id).toBe('eval-2');
    expect(store.evaluations.getRun('eval-1.7')).toBeNull();
    expect(store.evaluations.getRun('no-such-shape')).toBeNull();
    expect(store.evaluations.getRun('eval-9.0')).toBeNull();
    expect(store.evaluations.listRuns('eval-9')).toEqual([]);
  });

  it('stores profile snapshots and results per evaluation; resetRuns clears them', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    expect(store.evaluations.getProfileSnapshots('eval-1')).toEqual([]);
    expect(store.evaluations.getResults('eval-1')).toBeNull();
    const snapshots = [profile('ven-b'), profile('ven-a', { status: 'unreachable' })];
    store.evaluations.saveProfileSnapshots('eval-1', snapshots);
    store.evaluations.saveResults('eval-1', results('eval-1'));

    store = await reopen(store, dir);
    expect(store.evaluations.getProfileSnapshots('eval-1')).toEqual(snapshots);
    expect(store.evaluations.getResults('eval-1')).toEqual(results('eval-1'));
    store.evaluations.saveProfileSnapshots('eval-1', [snapshots[1]!]);
    expect(store.evaluations.getProfileSnapshots('eval-1')).toEqual([snapshots[1]]);

    store.evaluations.resetRuns('eval-1', [run('eval-1', 0)]);
    expect(store.evaluations.getProfileSnapshots('eval-1')).toEqual([]);
    expect(store.evaluations.getResults('eval-1')).toBeNull();
    expect(store.evaluations.listRuns('eval-1')).toHaveLength(1);
  });

  it('refuses runs of an unknown evaluation and runs whose id does not match the evaluation', async () => {
    const store = await open(tempDir());
    store.evaluations.insert(evaluation('eval-1'));
    expect(() => store.evaluations.saveRun(run('eval-9', 0))).toThrow(/no such evaluation/);
    expect(() => store.evaluations.saveResults('eval-9', results('eval-9'))).toThrow(/no such evaluation/);
    expect(() => store.evaluations.saveRun({ ...run('eval-1', 0), id: 'eval-1.5' })).toThrow(/does not belong/);
    expect(store.evaluations.listRuns('eval-1')).toEqual([]);
  });
});

describe('sql.js store: transactions', () => {
  it('stores nothing of a transaction that throws, in memory or on disk', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.vendors.insert(vendor('ven-a'));
    expect(() =>
      store.transaction(() => {
        store.customers.insert(customer('cust-1'));
        store.evaluations.update('eval-1', { status: 'running' });
        store.evaluations.saveRun(run('eval-1', 0));
        store.vendors.saveProfile(profile('ven-a'));
        throw new Error('the ingestion was cancelled');
      }),
    ).toThrow('the ingestion was cancelled');

    const expectNothing = (s: Store) => {
      expect(s.customers.list()).toEqual([]);
      expect(s.evaluations.get('eval-1')?.status).toBe('created');
      expect(s.evaluations.listRuns('eval-1')).toEqual([]);
      expect(s.vendors.getProfile('ven-a')).toBeNull();
      expect(s.vendors.get('ven-a')?.profile_status).toBe('pending');
    };
    expectNothing(store);
    store = await reopen(store, dir);
    expectNothing(store);
  });

  it('makes a transaction spanning the catalog and shards durable together', async () => {
    const dir = tempDir();
    let store = await open(dir);
    const result = store.transaction(() => {
      store.customers.insert(customer('cust-1'));
      store.evaluations.insert(evaluation('eval-1'));
      store.evaluations.resetRuns('eval-1', [run('eval-1', 0), run('eval-1', 1)]);
      store.evaluations.update('eval-1', { phase: 'running' });
      return 'planned';
    });
    expect(result).toBe('planned');
    store = await reopen(store, dir);
    expect(store.customers.get('cust-1')).not.toBeNull();
    expect(store.evaluations.get('eval-1')?.phase).toBe('running');
    expect(store.evaluations.listRuns('eval-1')).toHaveLength(2);
  });

  it('undoes only a nested transaction that throws when the outer one catches it', async () => {
    const dir = tempDir();
    let store = await open(dir);
    store.evaluations.insert(evaluation('eval-1'));
    store.transaction(() => {
      store.customers.insert(customer('cust-outer'));
      try {
        store.transaction(() => {
          store.customers.insert(customer('cust-inner'));
          store.evaluations.saveRun(run('eval-1', 0));
          store.transaction(() => store.customers.insert(customer('cust-innermost')));
          throw new Error('inner failure');
        });
      } catch {
        // the outer transaction carries on without the inner one
      }
      store.transaction(() => store.evaluations.saveRun(run('eval-1', 1)));
    });
    store = await reopen(store, dir);
    expect(store.customers.list().map((c) => c.id)).toEqual(['cust-outer']);
    expect(store.evaluations.listRuns('eval-1').map((r) => r.seq)).toEqual([1]);
  });

  it('undoes everything when an outer transaction throws after a nested one succeeded', async () => {
    const dir = tempDir();
    let store = await open(dir);
    expect(() =>
      store.transaction(() => {
        store.transaction(() => store.customers.insert(customer('cust-1')));
        throw new Error('outer failure');
      }),
    ).toThrow('outer failure');
    store = await reopen(store, dir);
    expect(store.customers.list()).toEqual([]);
  });

  it('rejects asynchronous work instead of committing half of it', async () => {
    const store = await open(tempDir());
    expect(() =>
      store.transaction(() => {
        store.customers.insert(customer('cust-1'));
        return Promise.resolve();
      }),
    ).toThrow(/synchronous/);
    expect(store.customers.list()).toEqual([]);
  });
});

describe('sql.js store: loading SQLite', () => {
  it('loads the wasm from an explicit path, as a bundled Electron main passes it', async () => {
    const wasmPath = fileURLToPath(new URL('../../../../node_modules/sql.js/dist/sql-wasm.wasm', import.meta.url));
    const store = await openSqlJsStore({ dataDir: tempDir(), wasmPath });
    opened.push(store);
    store.customers.insert(customer('cust-1'));
    expect(store.customers.list()).toHaveLength(1);
  });

  it('says where it looked when the wasm is missing', () => {
    // sql.js loads once per process, so this needs a process that has not loaded it yet.
    const storage = fileURLToPath(new URL('../../../../server/adapters/storage/index.ts', import.meta.url));
    const script = `import(${JSON.stringify(pathToFileURL(storage).href)}).then((m) => m.openSqlJsStore({ dataDir: process.argv[1], wasmPath: process.argv[2] })).then(() => console.log('opened'), (e) => console.log(e.message))`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script, tempDir(), join(tempDir(), 'missing.wasm')], {
      cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
      encoding: 'utf8',
    });
    expect(child.stdout).toMatch(/could not load SQLite \(sql\.js\) from .*missing\.wasm/);
  });

  it('refuses use after close instead of touching closed databases', async () => {
    const store = await openSqlJsStore({ dataDir: tempDir() });
    store.close();
    expect(() => store.customers.insert(customer('cust-1'))).toThrow(/closed/);
    expect(() => store.customers.list()).toThrow(/closed/);
  });
});

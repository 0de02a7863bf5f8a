import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type SqlJsStore } from '../../../../server/adapters/storage/sqljs-store';
import { useTempDir } from '../../../support/temp-dir';
import { evaluation, profile, run, sample, vendor } from './records';

const tempDir = useTempDir('store-shards-');
const opened: SqlJsStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function open(dataDir: string, maxOpenShards: number): Promise<SqlJsStore> {
  const store = await openStore({ dataDir, maxOpenShards });
  opened.push(store);
  return store;
}

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * sql.js keeps each open database's file in an ArrayBuffer, so after a full
 * collection this is what open shards cost. RSS moves too much with the
 * garbage collector's mood to assert on in a test (the bench measures it).
 */
function databaseMemoryMiB(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().arrayBuffers / (1024 * 1024);
}

describe('sql.js store: shards', () => {
  it('keeps at most maxOpenShards shards open and finds evicted data again', async () => {
    const dir = tempDir();
    const store = await open(dir, 3);
    for (let index = 0; index < 10; index += 1) {
      store.evaluations.insert(evaluation(`eval-${index}`));
      store.evaluations.saveRun(run(`eval-${index}`, 0, { score: index }));
      store.vendors.insert(vendor(`ven-${index}`));
      store.vendors.saveProfile(profile(`ven-${index}`, { summary: `profile ${index}` }));
      expect(store.stats().openShards.length).toBeLessThanOrEqual(3);
    }
    expect(readdirSync(join(dir, 'evaluations')).filter((name) => name.endsWith('.db'))).toHaveLength(10);
    expect(readdirSync(join(dir, 'profiles')).filter((name) => name.endsWith('.db'))).toHaveLength(10);

    for (let index = 9; index >= 0; index -= 1) {
      expect(store.evaluations.getRun(`eval-${index}.0`)?.score).toBe(index);
      expect(store.vendors.getProfile(`ven-${index}`)?.summary).toBe(`profile ${index}`);
      expect(store.stats().openShards.length).toBeLessThanOrEqual(3);
    }
    // A run written to a shard, evicted, reopened and written again: both writes survive a crash.
    store.evaluations.saveRun(run('eval-0', 1));
    opened.splice(opened.indexOf(store), 1);
    const reopened = await open(dir, 3);
    expect(reopened.evaluations.listRuns('eval-0').map((r) => r.seq)).toEqual([0, 1]);
    for (let index = 0; index < 10; index += 1) expect(reopened.evaluations.listRuns(`eval-${index}`).length).toBeGreaterThan(0);
  });

  it('keeps shards a transaction changed open until it ends, even past the bound', async () => {
    const dir = tempDir();
    const store = await open(dir, 2);
    for (let index = 0; index < 5; index += 1) store.evaluations.insert(evaluation(`eval-${index}`));
    expect(() =>
      store.transaction(() => {
        for (let index = 0; index < 5; index += 1) store.evaluations.saveRun(run(`eval-${index}`, 0));
        expect(store.stats().openShards.length).toBe(5);
        throw new Error('abandoned plan');
      }),
    ).toThrow('abandoned plan');
    expect(store.stats().openShards.length).toBeLessThanOrEqual(2);
    for (let index = 0; index < 5; index += 1) expect(store.evaluations.listRuns(`eval-${index}`)).toEqual([]);
  });

  it('does not grow memory with the number of evaluations read', async () => {
    const dir = tempDir();
    const count = 60;
    const seeding = await open(dir, 4);
    for (let index = 0; index < count; index += 1) {
      const id = `eval-${index}`;
      seeding.evaluations.insert(evaluation(id));
      seeding.evaluations.resetRuns(
        id,
        Array.from({ length: 10 }, (_, seq) => run(id, seq, { samples: [sample(0, 20_000), sample(1, 20_000)] })),
      );
    }
    seeding.close();
    opened.splice(opened.indexOf(seeding), 1);

    const store = await open(dir, 4);
    for (let index = 0; index < 10; index += 1) store.evaluations.listRuns(`eval-${index}`);
    const warm = databaseMemoryMiB();
    for (let pass = 0; pass < 2; pass += 1) {
      for (let index = 0; index < count; index += 1) {
        expect(store.evaluations.listRuns(`eval-${index}`)).toHaveLength(10);
        expect(store.stats().openShards.length).toBeLessThanOrEqual(4);
      }
    }
    // About 24 MiB of shards were read twice: holding them all open adds ~31 MiB here, four open ones nothing.
    expect(databaseMemoryMiB() - warm).toBeLessThan(4);
  });
});

/**
 * Run in a fresh process by the storage bench: opens a data directory, does
 * what a user browsing past evaluations does, and reports its memory.
 *
 *   node --import tsx bench/lib/storage-rss-probe.ts <dataDir> <evaluationsToRead>
 *
 * Prints one line: `RESULT {"rssBytes":...}`.
 */
import { openSqlJsStore } from '../../server/adapters/storage';
import { runId } from '../../server/core/domain';
import { WordSource, traceSample } from './seed-data-dir';

export interface RssProbeResult {
  rssBytes: number;
  heapUsedBytes: number;
  evaluationsListed: number;
  evaluationsRead: number;
  openMs: number;
  readMs: number;
}

const [dataDir, toRead] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: storage-rss-probe.ts <dataDir> <evaluationsToRead>');

const opening = performance.now();
const store = await openSqlJsStore({ dataDir });
const openMs = performance.now() - opening;

const reading = performance.now();
const evaluations = store.evaluations.list();
store.customers.list();
const vendors = store.vendors.list();
const stride = Math.max(1, Math.floor(evaluations.length / Math.max(1, Number(toRead ?? 50))));
let read = 0;
for (let index = 0; index < evaluations.length && read < Number(toRead ?? 50); index += stride, read += 1) {
  const evaluation = evaluations[index]!;
  const runs = store.evaluations.listRuns(evaluation.id);
  store.evaluations.getRun(runs[0]?.id ?? runId(evaluation.id, 0));
  store.evaluations.getResults(evaluation.id);
  store.evaluations.getProfileSnapshots(evaluation.id);
  store.evaluations.get(evaluation.id);
}
for (const vendor of vendors.slice(0, 10)) store.vendors.getProfile(vendor.id);

// A few writes, as a user starting a new evaluation would make.
const target = evaluations[0];
if (target) {
  const words = new WordSource(7);
  store.customers.insert({ id: `probe-${process.pid}`, name: 'Probe', website_url: 'https://probe.example/', created_at: new Date().toISOString() });
  const [first] = store.evaluations.listRuns(target.id);
  if (first) store.evaluations.saveRun({ ...first, samples: [traceSample(0, words, 20_000)] });
  store.evaluations.update(target.id, { progress: { ...target.progress } });
}
const readMs = performance.now() - reading;

const memory = process.memoryUsage();
const result: RssProbeResult = {
  rssBytes: memory.rss,
  heapUsedBytes: memory.heapUsed,
  evaluationsListed: evaluations.length,
  evaluationsRead: read,
  openMs,
  readMs,
};
store.close();
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);

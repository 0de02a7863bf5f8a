/**
 * Storage bench: what an acknowledged write costs with ~100 MB stored, and
 * how much memory a fresh process needs to browse 1,000 stored evaluations.
 *
 *   node --import tsx bench/storage.ts [--quick]
 */
import { spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openSqlJsStore } from '../server/adapters/storage';
import { FUNNEL_STAGES } from '../server/contracts';
import { runId, type RunRecord } from '../server/core/domain';
import { formatTable, percentile, row, timeMs, type BenchRow } from './lib/bench-table';
import type { RssProbeResult } from './lib/storage-rss-probe';
import { WordSource, seedDataDir, traceSample } from './lib/seed-data-dir';

export type { BenchRow } from './lib/bench-table';
export { seedDataDir } from './lib/seed-data-dir';

export interface StorageBenchOptions {
  /** 200 evaluations / 20 MB instead of 1,000 / 100 MB, and fewer timed writes. */
  quick?: boolean;
  progress?: (message: string) => void;
}

const WRITE_P50_BOUND_MS = 20;
const RSS_BOUND_MIB = 300;
const MiB = 1024 * 1024;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const probeScript = fileURLToPath(new URL('./lib/storage-rss-probe.ts', import.meta.url));

export async function runStorageBench(options: StorageBenchOptions = {}): Promise<BenchRow[]> {
  const progress = options.progress ?? (() => undefined);
  const evaluations = options.quick ? 200 : 1_000;
  const approxBytes = (options.quick ? 20 : 100) * 1_000_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-bench-'));
  const emptyDir = mkdtempSync(join(tmpdir(), 'storage-bench-empty-'));
  try {
    progress(`seeding ${evaluations} evaluations, about ${approxBytes / 1_000_000} MB`);
    const seedStart = performance.now();
    const seeded = await seedDataDir(dataDir, { evaluations, approxBytes });
    const seedMs = performance.now() - seedStart;
    const rows: BenchRow[] = [
      row(`evaluation data stored (${evaluations} evaluations, JSON)`, seeded.evaluationDataBytes / MiB, 'MiB'),
      row('data directory on disk (SQLite pages, backups, journal)', seeded.bytesOnDisk / MiB, 'MiB'),
      row('seeding, per evaluation (one transaction)', seedMs / evaluations, 'ms'),
    ];

    progress('timing acknowledged writes');
    rows.push(...(await measureWrites(dataDir, options.quick ? 80 : 300)));
    rows.push(...measurePeers(dataDir, seeded.bytesOnDisk));

    progress('measuring memory in fresh processes');
    const empty = await probe(emptyDir, 0);
    const typical = await probe(dataDir, 50);
    const everything = await probe(dataDir, evaluations);
    rows.push(
      row(`open a store of ${typical.evaluationsListed} evaluations (fresh process)`, typical.openMs, 'ms'),
      row('RSS, fresh process, empty store (peer)', empty.rssBytes / MiB, 'MiB'),
      row(`RSS, fresh process, ${typical.evaluationsListed} evaluations, ${typical.evaluationsRead} read`, typical.rssBytes / MiB, 'MiB', RSS_BOUND_MIB),
      row(`RSS, fresh process, all ${everything.evaluationsRead} evaluations read`, everything.rssBytes / MiB, 'MiB', RSS_BOUND_MIB),
    );
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  }
}

async function measureWrites(dataDir: string, iterations: number): Promise<BenchRow[]> {
  const store = await openSqlJsStore({ dataDir });
  const words = new WordSource(99);
  const evaluationId = 'bench-live-evaluation';
  const createdAt = new Date().toISOString();
  const plan: RunRecord[] = Array.from({ length: 30 }, (_, seq) => ({
    id: runId(evaluationId, seq),
    evaluation_id: evaluationId,
    seq,
    model: 'openai:gpt-4o-mini',
    vendor_id: 'bench-vendor-0',
    vendor_name: 'Vendor 0',
    stage: FUNNEL_STAGES[seq % FUNNEL_STAGES.length]!,
    status: 'pending',
    score: null,
    error: null,
    duration_ms: null,
    started_at: null,
    completed_at: null,
    samples: [],
    detail: null,
  }));
  store.evaluations.insert({
    id: evaluationId,
    customer_id: 'bench-customer',
    scenario_id: 'bench-scenario',
    vendor_ids: ['bench-vendor-0', 'bench-vendor-1'],
    customer_vendor_id: 'bench-vendor-0',
    models: ['openai:gpt-4o-mini'],
    samples: 2,
    status: 'running',
    error: null,
    created_at: createdAt,
    started_at: createdAt,
    completed_at: null,
    phase: 'running',
    progress: { total_runs: plan.length, completed_runs: 0, failed_runs: 0 },
  });
  store.evaluations.resetRuns(evaluationId, plan);

  const timings = { insert: [] as number[], update: [] as number[], saveRun: [] as number[] };
  try {
    for (let index = 0; index < iterations; index += 1) {
      timings.insert.push(
        timeMs(() =>
          store.customers.insert({ id: `bench-w-${index}`, name: `Writer ${index}`, website_url: 'https://w.example/', created_at: createdAt }),
        ),
      );
      const planned = plan[index % plan.length]!;
      // About 20 KB of trace per run: two samples of a long prompt and response.
      const finished: RunRecord = { ...planned, status: 'completed', score: 6, samples: [traceSample(0, words, 10_000), traceSample(1, words, 10_000)] };
      timings.saveRun.push(timeMs(() => store.evaluations.saveRun(finished)));
      timings.update.push(
        timeMs(() => store.evaluations.update(evaluationId, { progress: { total_runs: plan.length, completed_runs: index % plan.length, failed_runs: 0 } })),
      );
    }
  } finally {
    store.close();
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const all = sorted([...timings.insert, ...timings.update, ...timings.saveRun]);
  const rows: BenchRow[] = [];
  for (const [name, values] of [
    ['customers.insert', sorted(timings.insert)],
    ['evaluations.update', sorted(timings.update)],
    ['evaluations.saveRun (20 KB trace)', sorted(timings.saveRun)],
  ] as const) {
    rows.push(row(`write p50: ${name}`, percentile(values, 0.5), 'ms', WRITE_P50_BOUND_MS));
    rows.push(row(`write p95: ${name}`, percentile(values, 0.95), 'ms'));
  }
  rows.push(row('write p50: all kinds', percentile(all, 0.5), 'ms', WRITE_P50_BOUND_MS));
  rows.push(row('write p99: all kinds (includes checkpoints)', percentile(all, 0.99), 'ms'));
  return rows;
}

/** Peers measured on the same disk in the same run: the floor a durable write cannot beat, and the naive design. */
function measurePeers(dataDir: string, storedBytes: number): BenchRow[] {
  const path = join(dataDir, 'peer.bin');
  const fd = openSync(path, 'w');
  const record = Buffer.alloc(1024, 1);
  const syncs: number[] = [];
  try {
    for (let index = 0; index < 100; index += 1) {
      syncs.push(timeMs(() => {
        writeSync(fd, record);
        fdatasyncSync(fd);
      }));
    }
  } finally {
    closeSync(fd);
  }
  const whole = Buffer.alloc(storedBytes, 7);
  const naive: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    naive.push(timeMs(() => {
      const out = openSync(path, 'w');
      try {
        writeSync(out, whole);
        fdatasyncSync(out);
      } finally {
        closeSync(out);
      }
    }));
  }
  rmSync(path);
  return [
    row('peer: 1 KB append + fdatasync p50 (disk floor)', percentile(syncs.sort((a, b) => a - b), 0.5), 'ms'),
    row('peer: rewrite whole store + fdatasync (export-per-write design)', percentile(naive.sort((a, b) => a - b), 0.5), 'ms'),
  ];
}

function probe(dataDir: string, evaluationsToRead: number): Promise<RssProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', probeScript, dataDir, String(evaluationsToRead)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`the memory probe failed (exit ${code}): ${stderr}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as RssProbeResult);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  const started = performance.now();
  const rows = await runStorageBench({ quick, progress: (message) => process.stderr.write(`… ${message}\n`) });
  process.stdout.write(`${formatTable(rows)}\n`);
  process.stderr.write(`storage bench took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  if (rows.some((r) => r.ratio !== null && r.ratio > 1 && !r.name.startsWith('peer'))) process.exitCode = 1;
}

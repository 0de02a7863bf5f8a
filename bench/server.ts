/**
 * Server bench: the real `vendor-eval serve` process over a data folder holding
 * 1,000 evaluations (~100 MB): acknowledged write latency over HTTP, and the
 * server's resident memory after browsing what is stored.
 *
 *   node --import tsx bench/server.ts [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, percentile, row, type BenchRow } from './lib/bench-table';
import { seedDataDir } from './lib/seed-data-dir';

const CLI = fileURLToPath(new URL('../bin/vendor-eval.js', import.meta.url));
const WRITE_P50_BOUND_MS = 20;
const RSS_BOUND_MIB = 300;
const MiB = 1024 * 1024;

export interface ServerBenchOptions {
  quick?: boolean;
  progress?: (message: string) => void;
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; apiUrl: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\S+\/api\/v1)/);
      if (match) resolve({ child, apiUrl: match[1]! });
    });
  });
}

/** Resident set size of another process, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function runServerBench(options: ServerBenchOptions = {}): Promise<BenchRow[]> {
  const progress = options.progress ?? (() => undefined);
  const evaluations = options.quick ? 200 : 1_000;
  const approxBytes = (options.quick ? 20 : 100) * 1_000_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'server-bench-'));
  try {
    progress(`seeding ${evaluations} evaluations, about ${approxBytes / 1_000_000} MB`);
    const seeded = await seedDataDir(dataDir, { evaluations, approxBytes });
    progress('starting the server');
    const startedAt = performance.now();
    const { child, apiUrl } = await startServer(dataDir);
    const startMs = performance.now() - startedAt;
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      progress('timing acknowledged writes over HTTP');
      const writes: number[] = [];
      for (let index = 0; index < (options.quick ? 60 : 200); index += 1) {
        writes.push(
          await timed(async () => {
            const response = await post('/customers', { name: `Bench ${index}`, website_url: 'https://bench.example' });
            if (response.status !== 201) throw new Error(`write answered ${response.status}`);
            await response.arrayBuffer();
          }),
        );
      }
      writes.sort((a, b) => a - b);

      progress('browsing stored evaluations');
      const list = (await (await fetch(`${apiUrl}/evaluations`)).json()) as { id: string }[];
      const browse: number[] = [];
      for (const evaluation of list) {
        browse.push(
          await timed(async () => {
            for (const path of ['status', 'scores', 'runs']) await (await fetch(`${apiUrl}/evaluations/${evaluation.id}/${path}`)).arrayBuffer();
          }),
        );
      }
      browse.sort((a, b) => a - b);
      const rss = rssMiB(child.pid!);
      return [
        row(`evaluations stored`, list.length, ''),
        row('data folder on disk', seeded.bytesOnDisk / MiB, 'MiB'),
        row('server start (process spawn to listening)', startMs, 'ms'),
        row('HTTP write p50: POST /customers', percentile(writes, 0.5), 'ms', WRITE_P50_BOUND_MS),
        row('HTTP write p95: POST /customers', percentile(writes, 0.95), 'ms'),
        row('read p50: status + scores + runs of one evaluation', percentile(browse, 0.5), 'ms'),
        row(`server RSS after reading all ${list.length} evaluations`, rss, 'MiB', RSS_BOUND_MIB),
      ];
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runServerBench({ quick: process.argv.includes('--quick'), progress: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(`${formatTable(rows)}\n`);
}

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../../server/adapters/storage/sqljs-store';
import { useTempDir } from '../../../support/temp-dir';

const tempDir = useTempDir('store-crash-');
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const writer = fileURLToPath(new URL('../../../support/crash-writer.ts', import.meta.url));

interface Round {
  acks: string[];
  exit: { code: number | null; signal: NodeJS.Signals | null };
}

/** Runs the writer until a random moment after it is ready, then kills it without warning. */
function runAndKill(dataDir: string, round: number, killAfterMs: number): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dataDir, String(round)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'READY') setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      else if (line.startsWith('ACK ')) acks.push(line.slice(4));
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer stopped on its own (code ${code}): ${stderr}`));
      else resolve({ acks, exit: { code, signal } });
    });
  });
}

describe('sql.js store: killed mid-write', () => {
  it('opens after every SIGKILL with every acknowledged write present', async () => {
    const dir = tempDir();
    const acknowledged: string[] = [];
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      const { acks } = await runAndKill(dir, round, 150 + Math.floor(Math.random() * 600));
      expect(acks.length).toBeGreaterThan(0);
      acknowledged.push(...acks);

      const store = await openStore({ dataDir: dir });
      const progress = new Map<string, number>();
      for (const ack of acknowledged) {
        const [kind, id, value] = ack.split(' ');
        if (kind === 'customer') expect(store.customers.get(id!), ack).not.toBeNull();
        if (kind === 'evaluation') expect(store.evaluations.get(id!), ack).not.toBeNull();
        if (kind === 'profile') expect(store.vendors.getProfile(id!)?.status, ack).toBe('ok');
        if (kind === 'run') {
          expect(store.evaluations.getRun(id!)?.samples, ack).toHaveLength(2);
          const evaluationId = id!.slice(0, id!.lastIndexOf('.'));
          progress.set(evaluationId, Math.max(progress.get(evaluationId) ?? 0, Number(value)));
        }
      }
      for (const [evaluationId, completed] of progress) {
        expect(store.evaluations.get(evaluationId)?.progress.completed_runs).toBeGreaterThanOrEqual(completed);
      }
      store.close();
    }
    expect(acknowledged.filter((ack) => ack.startsWith('run')).length).toBeGreaterThan(rounds * 3);
  }, 60_000);
});

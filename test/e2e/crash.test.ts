import { describe, expect, it } from 'vitest';
import { startServeProcess, waitForExit } from '../support/cli-process';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();

describe('a server killed while writing', () => {
  it('keeps every acknowledged write and opens again', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const server = await startServeProcess(['--port', '0', '--data-dir', dataDir, '--log-level', 'silent']);
      let stop = false;
      const writer = async (lane: number) => {
        for (let i = 0; !stop; i += 1) {
          try {
            const response = await fetch(`${server.apiUrl}/customers`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name: `r${round}-l${lane}-${i} ${'x'.repeat(150)}`, website_url: 'https://acme.example' }),
            });
            if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const lanes = [0, 1, 2, 3].map((lane) => writer(lane));
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 600));
      server.child.kill('SIGKILL');
      stop = true;
      await waitForExit(server.child);
      await Promise.all(lanes);
    }
    expect(acknowledged.length).toBeGreaterThan(20);

    const server = await startServeProcess(['--port', '0', '--data-dir', dataDir, '--log-level', 'silent']);
    try {
      const stored = (await (await fetch(`${server.apiUrl}/customers`)).json()) as { id: string }[];
      const ids = new Set(stored.map((customer) => customer.id));
      const lost = acknowledged.filter((id) => !ids.has(id));
      expect(lost).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { serveStaticSites } from '../../server/adapters/web/static-sites';
import { DEMO_SITES_DIR } from '../../server/demo';
import { startServeProcess, waitForExit, type ServeProcess } from '../support/cli-process';
import { startFakeProvider } from '../support/fake-providers';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();
const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface RunRow {
  id: string;
  status: string;
  score: number | null;
}

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

describe('an evaluation with a language model, its server killed mid-run', () => {
  it('resumes after a restart and re-runs only what was missing', { timeout: 120_000 }, async () => {
    const fake = await startFakeProvider();
    closers.push(() => fake.close());
    const sites = await serveStaticSites(DEMO_SITES_DIR);
    closers.push(() => sites.close());
    const dataDir = tempDir();
    const env = { OPENAI_API_KEY: 'sk-test-resume', OPENAI_BASE_URL: fake.openaiUrl, VENDOR_EVAL_MODELS: 'rules' };
    const serve = async (): Promise<ServeProcess> => {
      const server = await startServeProcess(['--port', '0', '--data-dir', dataDir, '--log-level', 'silent'], env);
      closers.push(async () => {
        server.child.kill('SIGKILL');
        await waitForExit(server.child);
      });
      return server;
    };

    const first = await serve();
    const [own, ...rivals] = sites.sites;
    const created = await fetch(`${first.apiUrl}/quick-eval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company_name: 'Our product',
        website_url: own!.url,
        competitors: rivals.map((site) => site.url),
        task: 'Pick an email API under $50 a month and set it up',
        category: 'email_api',
        models: ['openai:gpt-4o-mini'],
        samples: 1,
      }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { evaluation_id: string }).evaluation_id;
    expect((await fetch(`${first.apiUrl}/evaluations/${id}/run`, { method: 'POST' })).status).toBe(202);

    // Hold every further answer so the kill lands with runs both done and pending.
    for (;;) {
      const status = await getJson<{ progress: { completed_runs: number } }>(`${first.apiUrl}/evaluations/${id}/status`);
      if (status.progress.completed_runs >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    fake.always({ hang: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = (await getJson<{ runs: RunRow[] }>(`${first.apiUrl}/evaluations/${id}/runs`)).runs;
    const doneBefore = before.filter((run) => run.status === 'completed');
    expect(doneBefore.length).toBeGreaterThanOrEqual(3);
    expect(doneBefore.length).toBeLessThan(before.length);
    const tracesBefore = await Promise.all(
      doneBefore.map((run) => getJson<{ completed_at: string }>(`${first.apiUrl}/runs/${run.id}/trace`)),
    );
    first.child.kill('SIGKILL');
    await waitForExit(first.child);

    fake.always(null);
    const second = await serve();
    for (;;) {
      const status = await getJson<{ status: string; progress: { completed_runs: number; total_runs: number } }>(
        `${second.apiUrl}/evaluations/${id}/status`,
      );
      if (status.status === 'completed' || status.status === 'failed') {
        expect(status.status).toBe('completed');
        expect(status.progress.completed_runs).toBe(status.progress.total_runs);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = (await getJson<{ runs: RunRow[] }>(`${second.apiUrl}/evaluations/${id}/runs`)).runs;
    expect(after.every((run) => run.status === 'completed')).toBe(true);
    for (const [index, run] of doneBefore.entries()) {
      const trace = await getJson<{ completed_at: string; score: number }>(`${second.apiUrl}/runs/${run.id}/trace`);
      expect(trace.completed_at, `run ${run.id} was executed again`).toBe(tracesBefore[index]!.completed_at);
      expect(trace.score).toBe(run.score);
    }
    expect((await fetch(`${second.apiUrl}/evaluations/${id}/scores`)).status).toBe(200);
  });
});

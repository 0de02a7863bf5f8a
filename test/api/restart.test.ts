import { describe, expect, it } from 'vitest';
import type { BuyerAgent, StageTask } from '../../server/core/ports';
import { deadSiteUrl, startTestApi } from '../support/api-server';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();

/** A buying agent whose answers are held until the test releases them. */
function gatedAgent(id: string) {
  const completed: string[] = [];
  const waiting: (() => void)[] = [];
  let open = false;
  const agent: BuyerAgent = {
    id,
    defaultSamples: 1,
    async runStage(task: StageTask, signal: AbortSignal) {
      if (!open) {
        await new Promise<void>((resolve, reject) => {
          waiting.push(resolve);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      completed.push(`${task.vendor.id}/${task.stage}`);
      return {
        prompt: `stage ${task.stage}`,
        response: '{}',
        reasoning: 'held',
        justification: 'fixed score',
        score: 5,
        evidence: [],
        temperature: null,
        seed: null,
      };
    },
  };
  return {
    agent,
    completed,
    releaseSome: (count: number) => waiting.splice(0, count).forEach((resolve) => resolve()),
    openAll: () => {
      open = true;
      waiting.splice(0).forEach((resolve) => resolve());
    },
    waitingCount: () => waiting.length,
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('restart', () => {
  it('resumes an evaluation interrupted mid-run and re-runs only what was missing', async () => {
    const dataDir = tempDir();
    const first = gatedAgent('test:gated');
    const api = await startTestApi({ dataDir, agents: [first.agent], concurrency: 2 });
    const ownUrl = await deadSiteUrl();
    const created = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: ownUrl,
      competitors: [await deadSiteUrl()],
      task: 'Pick an email API',
      category: 'email_api',
      models: ['test:gated'],
    });
    expect(created.status).toBe(201);
    const id = created.body.evaluation_id;
    expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);

    await until(() => first.waitingCount() === 2);
    first.releaseSome(2);
    await until(async () => (await api.get(`/evaluations/${id}/status`)).body.progress.completed_runs >= 2);
    await until(() => first.waitingCount() === 2);
    const doneBefore = [...first.completed];
    await api.close(); // shutdown interrupts the two runs in flight

    const second = gatedAgent('test:gated');
    second.openAll();
    const restarted = await startTestApi({ dataDir, agents: [second.agent], concurrency: 2 });
    try {
      const final = await restarted.waitForEvaluation(id);
      expect(final.status).toBe('completed');
      expect(final.progress).toEqual({ completed_runs: 10, total_runs: 10, failed_runs: 0 });
      expect(doneBefore.length).toBeGreaterThanOrEqual(2);
      for (const key of doneBefore) expect(second.completed).not.toContain(key);
      expect(second.completed.length + doneBefore.length).toBe(10);
    } finally {
      await restarted.close();
    }
  });

  it('refuses to start an evaluation that is already running', async () => {
    const gate = gatedAgent('test:gated');
    const api = await startTestApi({ dataDir: tempDir(), agents: [gate.agent] });
    try {
      const created = await api.post('/quick-eval', {
        company_name: 'Postwire',
        website_url: await deadSiteUrl(),
        competitors: [await deadSiteUrl()],
        task: 'Pick an email API',
        category: 'email_api',
        models: ['test:gated'],
      });
      const id = created.body.evaluation_id;
      expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
      await until(() => gate.waitingCount() > 0);
      const again = await api.post(`/evaluations/${id}/run`);
      expect(again.status).toBe(400);
      expect(again.body.detail).toContain('already running');
      gate.openAll();
      expect((await api.waitForEvaluation(id)).status).toBe('completed');
      expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
      expect((await api.waitForEvaluation(id)).status).toBe('completed');
    } finally {
      await api.close();
    }
  });

  it('marks an evaluation failed with a reason when every run fails', async () => {
    const dataDir = tempDir();
    const failing: BuyerAgent = {
      id: 'test:broken',
      defaultSamples: 2,
      runStage: async () => {
        throw new Error('model endpoint answered 503');
      },
    };
    const api = await startTestApi({ dataDir, agents: [failing] });
    try {
      const created = await api.post('/quick-eval', {
        company_name: 'Postwire',
        website_url: await deadSiteUrl(),
        competitors: [await deadSiteUrl()],
        task: 'Pick an email API',
        category: 'email_api',
        models: ['test:broken'],
      });
      await api.post(`/evaluations/${created.body.evaluation_id}/run`);
      const final = await api.waitForEvaluation(created.body.evaluation_id);
      expect(final.status).toBe('failed');
      expect(final.error).toContain('All 10 runs failed');
      expect(final.error).toContain('model endpoint answered 503');
      const scores = await api.get(`/evaluations/${created.body.evaluation_id}/scores`);
      expect(scores.status).toBe(400);
      expect(scores.body.detail).toContain('it failed');
      const trace = await api.get(`/runs/${created.body.evaluation_id}.1/trace`);
      expect(trace.body.status).toBe('failed');
      expect(trace.body.samples).toHaveLength(2);
      expect(trace.body.error).toContain('503');
    } finally {
      await api.close();
    }
  });
});

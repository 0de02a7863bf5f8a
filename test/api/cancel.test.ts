import { describe, expect, it } from 'vitest';
import type { BuyerAgent } from '../../server/core/ports';
import { deadSiteUrl, useApi } from '../support/api-server';

const startApi = useApi();

/** Holds every answer until aborted, counting the calls in flight. */
function heldAgent(id: string) {
  let inFlight = 0;
  let aborted = 0;
  const agent: BuyerAgent = {
    id,
    defaultSamples: 1,
    runStage: (_task, signal) =>
      new Promise((_resolve, reject) => {
        inFlight += 1;
        signal.addEventListener(
          'abort',
          () => {
            aborted += 1;
            reject(signal.reason);
          },
          { once: true },
        );
      }),
  };
  return { agent, inFlight: () => inFlight, aborted: () => aborted };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /evaluations/{id}/cancel', () => {
  it('aborts the calls in flight, leaves the other runs unrun and ends the evaluation failed', async () => {
    const held = heldAgent('test:held');
    const api = await startApi({ agents: [held.agent], concurrency: 2 });
    const created = await api.post('/quick-eval', {
      company_name: 'Postwire',
      website_url: await deadSiteUrl(),
      competitors: [await deadSiteUrl()],
      task: 'Pick an email API',
      category: 'email_api',
      models: ['test:held'],
    });
    const id = created.body.evaluation_id;
    expect((await api.post(`/evaluations/${id}/cancel`)).status).toBe(400);
    await api.post(`/evaluations/${id}/run`);
    await until(() => held.inFlight() === 2);

    const cancelled = await api.post(`/evaluations/${id}/cancel`);
    expect(cancelled.status).toBe(202);
    expect(cancelled.body).toMatchObject({ evaluation_id: id, status: 'running' });
    expect(cancelled.body.message).toContain('Cancelled by the user');

    const final = await api.waitForEvaluation(id);
    expect(final.status).toBe('failed');
    expect(final.error).toBe('Cancelled by the user');
    expect(held.aborted()).toBe(2);
    expect(held.inFlight()).toBe(2);

    const runs = (await api.get(`/evaluations/${id}/runs`)).body.runs as { status: string; error: string | null }[];
    expect(runs.filter((run) => run.status === 'failed').map((run) => run.error)).toEqual(['Cancelled by the user', 'Cancelled by the user']);
    const notRun = runs.filter((run) => run.status === 'pending');
    expect(notRun).toHaveLength(8);
    for (const run of notRun) expect(run.error).toBe('Not run: Cancelled by the user');

    const again = await api.post(`/evaluations/${id}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain('is not running');
    // A cancelled evaluation can be run again.
    expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
  });

  it('answers 404 for an unknown evaluation', async () => {
    const api = await startApi();
    expect((await api.post('/evaluations/nope/cancel')).status).toBe(404);
  });
});

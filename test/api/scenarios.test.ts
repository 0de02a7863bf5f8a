import { describe, expect, it } from 'vitest';
import { ScenarioSchema } from '../../server/contracts';
import { useApi } from '../support/api-server';

const startApi = useApi();

describe('scenarios', () => {
  it('answers 201 with the stored scenario, whose identifier field is id', async () => {
    const api = await startApi();
    const response = await api.post('/scenarios', {
      task: 'Pick an email API under $50 a month and set it up',
      category: 'email_api',
      requirements: ['transactional email', 'webhooks'],
    });
    expect(response.status).toBe(201);
    const scenario = ScenarioSchema.parse(response.body);
    expect(scenario.id).toEqual(expect.any(String));
    expect(scenario).toMatchObject({
      category: 'email_api',
      requirements: ['transactional email', 'webhooks'],
      budget: { amount: 50, currency: 'USD', period: 'month' },
    });
    expect((await api.get(`/scenarios/${scenario.id}`)).body).toEqual(scenario);
    expect((await api.get('/scenarios')).body).toEqual([scenario]);
  });

  it('defaults requirements to an empty list and budget to null', async () => {
    const api = await startApi();
    const response = await api.post('/scenarios', { task: 'Find a CRM', category: 'crm' });
    expect(response.status).toBe(201);
    expect(response.body.requirements).toEqual([]);
    expect(response.body.budget).toBeNull();
  });

  it('rejects bad input with 422 naming the field', async () => {
    const api = await startApi();
    const missing = await api.post('/scenarios', { category: 'crm' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('task: is required');

    const badRequirements = await api.post('/scenarios', { task: 't', category: 'c', requirements: ['ok', 7] });
    expect(badRequirements.status).toBe(422);
    expect(badRequirements.body.errors).toContainEqual({ field: 'requirements[1]', message: 'must be a string' });
  });

  it('answers 404 for an unknown scenario', async () => {
    const api = await startApi();
    const response = await api.get('/scenarios/missing');
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe("scenario 'missing' was not found");
  });
});

import { describe, expect, it } from 'vitest';
import { CustomerSchema, ErrorBodySchema } from '../../server/contracts';
import { useApi } from '../support/api-server';

const startApi = useApi();

describe('customers', () => {
  it('creates a customer and answers 201 with the stored record', async () => {
    const api = await startApi();
    const response = await api.post('/customers', { name: 'Postwire', website_url: 'https://postwire.example/' });
    expect(response.status).toBe(201);
    const customer = CustomerSchema.parse(response.body);
    expect(customer).toMatchObject({ name: 'Postwire', website_url: 'https://postwire.example/' });
    expect(Date.parse(customer.created_at)).not.toBeNaN();
    expect(customer.created_at.endsWith('Z')).toBe(true);

    const fetched = await api.get(`/customers/${customer.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(customer);
  });

  it('lists customers as a JSON array, newest first', async () => {
    const api = await startApi();
    expect((await api.get('/customers')).body).toEqual([]);
    const first = await api.post('/customers', { name: 'First', website_url: 'https://first.example' });
    const second = await api.post('/customers', { name: 'Second', website_url: 'https://second.example' });
    const list = await api.get('/customers');
    expect(list.status).toBe(200);
    expect(list.body.map((customer: { id: string }) => customer.id)).toEqual([second.body.id, first.body.id]);
  });

  it('reads a bare host as an https URL', async () => {
    const api = await startApi();
    const response = await api.post('/customers', { name: 'Acme', website_url: 'acme.example/pricing' });
    expect(response.status).toBe(201);
    expect(response.body.website_url).toBe('https://acme.example/pricing');
  });

  it('answers 404 with the error body for an unknown customer', async () => {
    const api = await startApi();
    const response = await api.get('/customers/nope');
    expect(response.status).toBe(404);
    expect(ErrorBodySchema.parse(response.body)).toEqual({ detail: "customer 'nope' was not found", status_code: 404 });
  });

  it.each([
    [{ website_url: 'https://a.example' }, 'name', 'is required'],
    [{ name: '   ', website_url: 'https://a.example' }, 'name', 'must not be empty'],
    [{ name: 'A' }, 'website_url', 'is required'],
    [{ name: 'A', website_url: 'not a url' }, 'website_url', 'must be an http(s) URL'],
    [{ name: 'A', website_url: 'ftp://files.example' }, 'website_url', 'must use http or https'],
    [{ name: 42, website_url: 'https://a.example' }, 'name', 'must be a string'],
  ])('answers 422 naming the field for %j', async (body, field, message) => {
    const api = await startApi();
    const response = await api.post('/customers', body);
    expect(response.status).toBe(422);
    expect(response.body.status_code).toBe(422);
    expect(response.body.detail).toContain(`${field}: ${message}`);
    expect(response.body.errors).toContainEqual({ field, message: expect.stringContaining(message) });
    expect((await api.get('/customers')).body).toEqual([]);
  });

  it('answers 400 for malformed JSON and 422 for a body that is not an object', async () => {
    const api = await startApi();
    const malformed = await api.postRaw('/customers', '{"name": "A",');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/not valid JSON/);
    expect(malformed.body.status_code).toBe(400);

    const array = await api.postRaw('/customers', '["A"]');
    expect(array.status).toBe(422);
    expect(array.body.detail).toBe('body: must be a JSON object');

    const notJson = await api.postRaw('/customers', 'name=A', 'application/x-www-form-urlencoded');
    expect(notJson.status).toBe(422);
    expect(notJson.body.detail).toContain('Content-Type: application/json');
  });
});

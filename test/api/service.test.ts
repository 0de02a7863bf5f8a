import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/contracts';
import { buildOpenApiDocument } from '../../server/http/openapi';
import { useApi } from '../support/api-server';

const startApi = useApi();

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the service', () => {
  it('allows cross-origin requests from any origin', async () => {
    const api = await startApi();
    const response = await api.get('/customers', { origin: 'https://somewhere.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${api.base}/quick-eval`, {
      method: 'OPTIONS',
      headers: { origin: 'https://somewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses requests addressed to a host name other than loopback (DNS rebinding)', async () => {
    const api = await startApi();
    const rebound = await rawGet(`${api.base}/customers`, { host: 'attacker.example' });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).detail).toContain('attacker.example');
    const local = await rawGet(`${api.base}/customers`, { host: `localhost:${new URL(api.base).port}` });
    expect(local.status).toBe(200);
  });

  it('answers unknown paths with 404 and the error body', async () => {
    const api = await startApi();
    const response = await api.get('/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.status_code).toBe(404);
    expect(response.body.detail).toContain('/api/v1/nothing-here');
  });

  it('answers 500 with a reference and no stack trace when something breaks', async () => {
    const api = await startApi();
    api.ctx.catalog.listCustomers = () => {
      throw new Error('disk on fire at /secret/path');
    };
    const response = await api.get('/customers');
    expect(response.status).toBe(500);
    expect(response.body.status_code).toBe(500);
    expect(response.body.detail).toMatch(/^Internal server error \(reference [0-9a-f]{8}\)/);
    expect(response.text).not.toContain('secret');
    expect(response.text).not.toContain('at ');
  });

  it('reports its health and default models', async () => {
    const api = await startApi();
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', version: 'test', default_models: ['rules'] });
  });

  it('serves an OpenAPI 3.1 document with every route, equal to the committed docs/openapi.json', async () => {
    const api = await startApi();
    const served = (await api.get('/openapi.json')).body;
    expect(served.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      const operation = served.paths[route.path]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(Object.keys(operation.responses)).toContain(String(route.success.status));
    }
    const refs = JSON.stringify(served).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of new Set(refs)) expect(served.components.schemas[ref.split('/').pop()!], ref).toBeDefined();

    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    const fresh = buildOpenApiDocument(committed.info.version);
    expect(fresh, 'docs/openapi.json is stale: run npm run openapi').toEqual(committed);
  });
});

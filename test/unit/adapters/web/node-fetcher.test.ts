import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServer, listenOnEphemeralPort } from '../../../../server/adapters/web/static-sites';
import { createNodeFetcher } from '../../../../server/adapters/web/node-fetcher';
import type { FetchOutcome, FetchRequest } from '../../../../server/core/ports';
import { deadUrl, startFixtureSite, type FixtureSite, type FixtureSiteOptions } from '../../../support/fixture-server';

const fetcher = createNodeFetcher();
const sites: FixtureSite[] = [];
const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
  await Promise.all(servers.splice(0).map(closeServer));
});

async function site(routes: FixtureSiteOptions['routes']): Promise<FixtureSite> {
  const started = await startFixtureSite({ routes });
  sites.push(started);
  return started;
}

/** A server whose handler the test writes itself, for what fixture routes cannot express. */
async function customServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return `http://127.0.0.1:${await listenOnEphemeralPort(server)}/`;
}

function request(url: string, overrides: Partial<FetchRequest> = {}): FetchRequest {
  return { url, timeoutMs: 2000, maxBytes: 100_000, maxRedirects: 5, userAgent: 'TestBot/1.0', ...overrides };
}

function answered(outcome: FetchOutcome): Extract<FetchOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected an answer, got ${outcome.kind}: ${outcome.detail}`);
  return outcome;
}

function failed(outcome: FetchOutcome): Extract<FetchOutcome, { ok: false }> {
  if (outcome.ok) throw new Error(`expected a failure, got HTTP ${outcome.status}`);
  return outcome;
}

describe('node fetcher', () => {
  it('follows redirects one hop at a time and records each hop', async () => {
    const served = await site({
      '/old': { redirect: '/moved', status: 301 },
      '/moved': { redirect: '/final', status: 302 },
      '/final': { body: '<h1>Here</h1>' },
    });
    const outcome = answered(await fetcher.fetch(request(`${served.url}old`)));
    expect(outcome.finalUrl).toBe(`${served.url}final`);
    expect(outcome.redirects).toEqual([`${served.url}old`, `${served.url}moved`]);
    expect(outcome.status).toBe(200);
    expect(outcome.body).toContain('<h1>Here</h1>');
  });

  it('stops a redirect loop and says so', async () => {
    const served = await site({ '/a': { redirect: '/b' }, '/b': { redirect: '/a' } });
    const outcome = failed(await fetcher.fetch(request(`${served.url}a`)));
    expect(outcome.kind).toBe('redirect_limit');
    expect(outcome.detail).toMatch(/loop/i);
    expect(served.requests).toEqual(['/a', '/b']);
  });

  it('carries cookies along a redirect chain, so a set-cookie-and-return is not a loop', async () => {
    const url = await customServer((req, res) => {
      if (req.headers.cookie?.includes('consent=yes')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome back</h1>');
      } else {
        res.writeHead(302, { location: '/', 'set-cookie': 'consent=yes; Path=/; HttpOnly' }).end();
      }
    });
    const outcome = answered(await fetcher.fetch(request(url)));
    expect(outcome.body).toContain('Welcome back');
    expect(outcome.redirects).toEqual([url]);
  });

  it('stops after maxRedirects', async () => {
    const routes = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`/hop${i}`, { redirect: `/hop${i + 1}` }]));
    const served = await site(routes);
    const outcome = failed(await fetcher.fetch(request(`${served.url}hop0`, { maxRedirects: 3 })));
    expect(outcome.kind).toBe('redirect_limit');
    expect(outcome.detail).toContain('More than 3 redirects');
    expect(served.requests).toHaveLength(4);
  });

  it('gives up on a server that never answers within the timeout', async () => {
    const served = await site({ '/': { hang: true } });
    const started = performance.now();
    const outcome = failed(await fetcher.fetch(request(served.url, { timeoutMs: 300 })));
    const elapsed = performance.now() - started;
    expect(outcome.kind).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(1500);
  });

  it('counts the body against the same timeout as the headers', async () => {
    const url = await customServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>first part</p>'); // and then nothing more, ever
    });
    const started = performance.now();
    const outcome = failed(await fetcher.fetch(request(url, { timeoutMs: 300 })));
    expect(outcome.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('cuts a body at maxBytes and says it was cut', async () => {
    const served = await site({ '/': { bytes: 400_000 } });
    const outcome = answered(await fetcher.fetch(request(served.url, { maxBytes: 50_000 })));
    expect(outcome.truncated).toBe(true);
    expect(outcome.bytes).toBe(50_000);
    expect(outcome.body.length).toBeLessThanOrEqual(50_000);
    expect(outcome.body).toContain('Oversized page');
  });

  it('does not call a body of exactly maxBytes cut', async () => {
    const body = 'x'.repeat(1000);
    const served = await site({ '/': { body, contentType: 'text/plain' } });
    const outcome = answered(await fetcher.fetch(request(served.url, { maxBytes: 1000 })));
    expect(outcome.truncated).toBe(false);
    expect(outcome.body).toBe(body);
  });

  it('decodes the charset the content type names', async () => {
    const served = await site({
      '/latin': { body: Buffer.from('<p>Café crème à 9 €</p>', 'latin1'), contentType: 'text/html; charset=ISO-8859-1' },
      '/utf8': { body: '<p>Café crème — 9 €</p>', contentType: 'text/html' },
    });
    const latin = answered(await fetcher.fetch(request(`${served.url}latin`)));
    expect(latin.body).toContain('Café crème à 9');
    const utf8 = answered(await fetcher.fetch(request(`${served.url}utf8`)));
    expect(utf8.body).toContain('Café crème — 9 €');
  });

  it('reads a <meta charset> when the content type names none', async () => {
    const html = '<html><head><meta charset="windows-1252"></head><body><p>Prix: 9 € par mois</p></body></html>';
    const bytes = Buffer.from(html.replace('€', '\u0080'), 'latin1');
    const served = await site({ '/': { body: bytes, contentType: 'text/html' } });
    expect(answered(await fetcher.fetch(request(served.url))).body).toContain('9 € par mois');
  });

  it('returns binary bodies as empty text with their content type', async () => {
    const served = await site({ '/logo.png': { body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), contentType: 'image/png' } });
    const outcome = answered(await fetcher.fetch(request(`${served.url}logo.png`)));
    expect(outcome.contentType).toBe('image/png');
    expect(outcome.body).toBe('');
  });

  it('reports a refused connection as unreachable', async () => {
    const outcome = failed(await fetcher.fetch(request(await deadUrl())));
    expect(outcome.kind).toBe('unreachable');
    expect(outcome.detail).toMatch(/refused/);
  });

  it('reads only http and https addresses', async () => {
    expect(failed(await fetcher.fetch(request('ftp://example.com/file'))).kind).toBe('invalid_url');
    expect(failed(await fetcher.fetch(request('not a url'))).kind).toBe('invalid_url');
  });

  it('treats a redirect to another scheme as an invalid address', async () => {
    const served = await site({ '/': { redirect: 'ftp://example.com/' } });
    expect(failed(await fetcher.fetch(request(served.url))).kind).toBe('invalid_url');
  });

  it('sends the user agent it is given', async () => {
    const agents: (string | undefined)[] = [];
    const url = await customServer((req, res) => {
      agents.push(req.headers['user-agent']);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await fetcher.fetch(request(url, { userAgent: 'VendorEvaluationBot/0.1' }));
    expect(agents).toEqual(['VendorEvaluationBot/0.1']);
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const served = await site({ '/': { hang: true } });
    const controller = new AbortController();
    const reason = new Error('caller stopped');
    setTimeout(() => controller.abort(reason), 50);
    await expect(fetcher.fetch(request(served.url, { timeoutMs: 5000 }), controller.signal)).rejects.toBe(reason);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStaticSites, type ServedSites } from '../../../../server/adapters/web/static-sites';
import { useTempDir } from '../../../support/temp-dir';

const tempDir = useTempDir('static-sites-');
const served: ServedSites[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((sites) => sites.close()));
});

function makeSites(): string {
  const root = tempDir();
  mkdirSync(join(root, 'alpha', 'docs'), { recursive: true });
  mkdirSync(join(root, 'beta'), { recursive: true });
  writeFileSync(join(root, 'alpha', 'index.html'), '<h1>Alpha home</h1>');
  writeFileSync(join(root, 'alpha', 'pricing.html'), '<h1>Alpha pricing</h1>');
  writeFileSync(join(root, 'alpha', 'docs', 'index.html'), '<h1>Alpha docs</h1>');
  writeFileSync(join(root, 'alpha', 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(root, 'alpha', '404.html'), '<h1>Alpha has no such page</h1>');
  writeFileSync(join(root, 'beta', 'index.html'), '<h1>Beta home</h1>');
  writeFileSync(join(root, 'secret.txt'), 'not for the web');
  writeFileSync(join(root, 'demo.json'), '{}');
  return root;
}

async function start(root: string): Promise<ServedSites> {
  const sites = await serveStaticSites(root);
  served.push(sites);
  return sites;
}

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveStaticSites', () => {
  it('serves each folder as its own site on its own port', async () => {
    const sites = await start(makeSites());
    expect(sites.sites.map((site) => site.slug)).toEqual(['alpha', 'beta']);
    const [alpha, beta] = sites.sites;
    expect(new URL(alpha!.url).port).not.toBe(new URL(beta!.url).port);
    expect(await (await fetch(alpha!.url)).text()).toContain('Alpha home');
    expect(await (await fetch(beta!.url)).text()).toContain('Beta home');
  });

  it('finds index.html for folders and .html for extensionless paths, with content types', async () => {
    const [alpha] = (await start(makeSites())).sites;
    const docs = await fetch(`${alpha!.url}docs/`);
    expect(await docs.text()).toContain('Alpha docs');
    expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await (await fetch(`${alpha!.url}docs`)).text()).toContain('Alpha docs');
    expect(await (await fetch(`${alpha!.url}pricing`)).text()).toContain('Alpha pricing');
    const robots = await fetch(`${alpha!.url}robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it("answers a missing page with the site's 404 page", async () => {
    const [alpha, beta] = (await start(makeSites())).sites;
    const missing = await fetch(`${alpha!.url}nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Alpha has no such page');
    expect((await fetch(`${beta!.url}nowhere`)).status).toBe(404);
  });

  it('never serves a file outside the site folder', async () => {
    const [alpha] = (await start(makeSites())).sites;
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/docs/../../secret.txt', '/..%2fsecret.txt', '/%00']) {
      const answer = await rawGet(alpha!.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('not for the web');
    }
  });

  it('closes every site', async () => {
    const sites = await serveStaticSites(makeSites());
    const urls = sites.sites.map((site) => site.url);
    await sites.close();
    for (const url of urls) await expect(fetch(url)).rejects.toThrow();
  });
});

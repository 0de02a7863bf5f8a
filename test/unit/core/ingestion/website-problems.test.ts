import { describe, expect, it } from 'vitest';
import { deadUrl } from '../../../support/fixture-server';
import { expectVerifiableQuotes, ingest, planNamed, useFixtureSites } from './ingest-helpers';

const startSite = useFixtureSites();
const FAST = { pageTimeoutMs: 400, totalTimeMs: 3000 };

describe('ingesting websites that misbehave', () => {
  it('follows a redirected pricing page, records the hop, and reports a redirect loop', async () => {
    const site = await startSite({
      site: 'redirects',
      routes: { '/pricing': { redirect: '/plans', status: 301 }, '/docs': { redirect: '/docs-start' }, '/docs-start': { redirect: '/docs' } },
    });
    const profile = await ingest(site.url);
    const pricing = profile.pages.find((page) => page.kind === 'pricing');
    expect(pricing).toMatchObject({ url: `${site.url}pricing`, final_url: `${site.url}plans`, redirects: [`${site.url}pricing`] });
    expect(planNamed(profile, 'Basic')).toMatchObject({ price: 19, currency: 'USD', period: 'month' });
    expect(planNamed(profile, 'Basic').evidence.source_url).toBe(`${site.url}plans`);
    const loop = profile.problems.find((problem) => problem.kind === 'redirect_limit');
    expect(loop).toMatchObject({ url: `${site.url}docs` });
    expect(loop?.detail).toMatch(/loop/i);
    expect(profile.status).toBe('partial');
    expectVerifiableQuotes(profile);
  });

  it('reports a linked page that answers 404 and keeps what else it read', async () => {
    const site = await startSite({ site: 'broken-links' });
    const profile = await ingest(site.url);
    expect(profile.problems).toContainEqual({ url: `${site.url}pricing`, kind: 'http_error', detail: 'The page returned HTTP 404 (Not Found)' });
    expect(profile.pages.find((page) => page.url === `${site.url}pricing`)?.http_status).toBe(404);
    expect(profile.features.map((feature) => feature.text)).toContain('Custom domains for status pages');
    expect(profile.status).toBe('partial');
    expect(profile.summary).toMatch(/1 page could not be read/);
  });

  it('calls a site whose home page is missing unreachable, with the status in the summary', async () => {
    const site = await startSite({ routes: { '/': { status: 404, body: '<h1>Nothing here</h1>' } } });
    const profile = await ingest(site.url);
    expect(profile.status).toBe('unreachable');
    expect(profile.summary).toBe('The home page returned HTTP 404 (Not Found).');
    expect(profile.problems.map((problem) => problem.kind)).toEqual(['http_error']);
  });

  it('gives up on a home page slower than the page timeout and says how long it waited', async () => {
    const site = await startSite({ site: 'basic', routes: { '/': { delay: 2000 } } });
    const started = performance.now();
    const profile = await ingest(site.url, FAST);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(profile.status).toBe('unreachable');
    expect(profile.summary).toBe('The website did not answer within 0.4 s.');
    expect(profile.problems).toContainEqual({ url: site.url, kind: 'timeout', detail: 'The page did not answer within 0.4 s' });
  });

  it('keeps the whole ingestion within totalTimeMs when every page hangs', async () => {
    const site = await startSite({ site: 'basic', routes: { '/robots.txt': { hang: true }, '/': { hang: true } } });
    const started = performance.now();
    const profile = await ingest(site.url, { pageTimeoutMs: 5000, totalTimeMs: 800 });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(800 + 500);
    expect(profile.status).toBe('unreachable');
    expect(profile.problems.some((problem) => problem.kind === 'timeout')).toBe(true);
  });

  it('stops linked pages at the total time bound and reports them', async () => {
    const site = await startSite({ site: 'basic', routes: { '/pricing': { hang: true } } });
    const started = performance.now();
    const profile = await ingest(site.url, { pageTimeoutMs: 5000, totalTimeMs: 1000 });
    expect(performance.now() - started).toBeLessThan(1000 + 500);
    expect(profile.status).toBe('partial');
    const timeout = profile.problems.find((problem) => problem.url === `${site.url}pricing`);
    expect(timeout).toMatchObject({ kind: 'timeout', detail: 'Not read: the 1 s limit for the whole website ran out' });
  });

  it('reports a slow linked page as a timeout and still profiles the rest', async () => {
    const site = await startSite({ site: 'basic', routes: { '/pricing': { delay: 1500 } } });
    const profile = await ingest(site.url, FAST);
    expect(profile.status).toBe('partial');
    expect(profile.problems).toContainEqual({ url: `${site.url}pricing`, kind: 'timeout', detail: 'The page did not answer within 0.4 s' });
    expect(profile.site.title).toBe('Parcelnote');
  });

  it('cuts an oversized page, marks it truncated and reports it', async () => {
    const site = await startSite({ site: 'basic', routes: { '/': { bytes: 600_000 } } });
    const profile = await ingest(site.url, { maxPageBytes: 200_000 });
    const home = profile.pages.find((page) => page.kind === 'home');
    expect(home).toMatchObject({ truncated: true, bytes: 200_000 });
    expect(home?.text.length).toBeLessThanOrEqual(20_000);
    expect(profile.problems).toContainEqual({
      url: site.url,
      kind: 'too_large',
      detail: 'The page is larger than 200 kB; only the first 200 kB were read',
    });
    expect(profile.status).toBe('partial');
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n', 'latin1'), 'application/pdf'],
    ['JSON', '{"status":"ok"}', 'application/json'],
  ])('calls a home page that is %s unreachable and names its type', async (_name, body, contentType) => {
    const site = await startSite({ routes: { '/': { body, contentType } } });
    const profile = await ingest(site.url);
    expect(profile.status).toBe('unreachable');
    expect(profile.summary).toBe(`The home page is ${contentType}, not HTML.`);
    expect(profile.problems.map((problem) => problem.kind)).toEqual(['not_html']);
  });

  it('honours robots.txt for its own agent and reports which AI agents are shut out', async () => {
    const site = await startSite({ site: 'robots-blocked' });
    const profile = await ingest(site.url);
    expect(site.requests.some((path) => path.startsWith('/docs'))).toBe(false);
    expect(profile.problems).toContainEqual(expect.objectContaining({ url: `${site.url}docs/`, kind: 'robots_disallowed' }));
    expect(profile.site.robots_txt).toBe(true);
    // ClaudeBot is only kept out of /private/, not the whole site.
    expect(profile.site.ai_agents_blocked).toEqual(['GPTBot', 'CCBot']);
    expect(planNamed(profile, 'Writer')).toMatchObject({ price: 8, currency: 'GBP', period: 'month' });
    // The docs exist (they are linked) but could not be read: found, and nothing more.
    expect(profile.documentation).toMatchObject({ found: true, docs_url: `${site.url}docs/`, pages: 0, quality_score: 25 });
    expect(profile.status).toBe('partial');
  });

  it('does not read a site whose robots.txt forbids everything, and says so', async () => {
    const site = await startSite({
      site: 'basic',
      routes: { '/robots.txt': { body: 'User-agent: *\nDisallow: /\n', contentType: 'text/plain' } },
    });
    const profile = await ingest(site.url);
    expect(site.requests).not.toContain('/');
    expect(profile.status).toBe('unreachable');
    expect(profile.summary).toBe('robots.txt does not allow reading the home page.');
    expect(profile.problems.map((problem) => problem.kind)).toEqual(['robots_disallowed']);
    // Every AI agent falls under "*", so each one is shut out of the whole site.
    expect(profile.site.ai_agents_blocked).toHaveLength(9);
  });

  it('calls a site where nothing listens unreachable', async () => {
    const url = await deadUrl();
    const profile = await ingest(url);
    expect(profile.status).toBe('unreachable');
    expect(profile.summary).toMatch(/^The website could not be reached: 127\.0\.0\.1:\d+ refused the connection\.$/);
    expect(profile.problems.map((problem) => problem.kind)).toEqual(['unreachable']);
    expect(profile.pages).toEqual([]);
  });

  it('rejects an address that is not http(s) without fetching anything', async () => {
    const profile = await ingest('ftp://files.example.com/');
    expect(profile.status).toBe('unreachable');
    expect(profile.problems.map((problem) => problem.kind)).toEqual(['invalid_url']);
  });

  it("stops promptly when the caller aborts, with the caller's reason", async () => {
    const site = await startSite({ routes: { '/': { hang: true } } });
    const controller = new AbortController();
    const reason = new Error('evaluation cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const started = performance.now();
    await expect(ingest(site.url, { pageTimeoutMs: 5000 }, controller.signal)).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

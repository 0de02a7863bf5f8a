import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStaticRequest } from '../../../../server/adapters/web/static-files';
import { closeServer, listenOnEphemeralPort } from '../../../../server/adapters/web/static-sites';
import { FIXTURE_SITES_DIR, startFixtureSite, type FixtureSite } from '../../../support/fixture-server';
import { ingest } from './ingest-helpers';

const servers: ReturnType<typeof createServer>[] = [];
const opened: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all([...servers.splice(0).map(closeServer), ...opened.splice(0).map((site) => site.close())]);
});

/** Serves a fixture site slowly, counting how many requests are open at once. */
async function slowSite(site: string, delayMs: number): Promise<{ url: string; maxInFlight: () => number }> {
  let inFlight = 0;
  let max = 0;
  const server = createServer((req, res) => {
    inFlight++;
    max = Math.max(max, inFlight);
    res.on('close', () => inFlight--);
    setTimeout(() => void serveStaticRequest(join(FIXTURE_SITES_DIR, site), req, res), delayMs);
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${await listenOnEphemeralPort(server)}/`, maxInFlight: () => max };
}

describe('crawl bounds', () => {
  it.each([1, 3])('never has more than %i requests open at once', async (concurrency) => {
    const site = await slowSite('brightpost', 30);
    const profile = await ingest(site.url, { concurrency });
    expect(profile.pages.length).toBeGreaterThan(5);
    expect(site.maxInFlight()).toBeLessThanOrEqual(concurrency);
    if (concurrency > 1) expect(site.maxInFlight()).toBeGreaterThan(1);
  });

  it('spends the page budget on pages, not on guessed addresses that do not exist', async () => {
    const site = await startFixtureSite({
      routes: {
        '/': { body: '<html><head><title>Plainsite</title></head><body><h1>Plainsite</h1><p>No links here.</p></body></html>' },
        '/plans': { body: '<html><body><div><h2>Solo</h2><p>$7 per month</p></div></body></html>' },
      },
    });
    opened.push(site);
    const profile = await ingest(site.url, { maxPages: 2 });
    // /pricing was guessed first and missed; the one page left in the budget still went to /plans.
    expect(site.requests.indexOf('/pricing')).toBeLessThan(site.requests.indexOf('/plans'));
    expect(profile.pages.filter((page) => page.kind !== 'robots').map((page) => page.kind)).toEqual(['home', 'pricing']);
    expect(profile.pricing.plans.map((plan) => [plan.name, plan.price])).toEqual([['Solo', 7]]);
  });
});

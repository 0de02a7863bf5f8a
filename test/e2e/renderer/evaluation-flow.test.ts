import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuickEvalResultSchema, ScoresViewSchema } from '../../../server/contracts';
import { serveStaticSites, type ServedSites } from '../../../server/adapters/web/static-sites';
import {
  CHROMIUM_MISSING,
  buildRenderer,
  chromiumAvailable,
  launchBrowser,
  screenshot,
  startAppServer,
  watchPage,
  type AppServer,
} from '../../support/browser';
import { startFixtureSite } from '../../support/fixture-server';
import { useTempDir } from '../../support/temp-dir';

const DEMO_SITES = fileURLToPath(new URL('../../../resources/demo-sites', import.meta.url));

describe.skipIf(!chromiumAvailable)(`the screens from wizard to trace${chromiumAvailable ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  const tempDir = useTempDir('vendor-eval-e2e-');
  let browser: Browser;
  let staticDir: string;
  let sites: ServedSites;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    [staticDir, browser, sites] = await Promise.all([buildRenderer(), launchBrowser(), serveStaticSites(DEMO_SITES)]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await sites?.close();
  });
  afterEach(async () => {
    for (const server of open.splice(0)) await server.close();
  });

  const siteUrl = (slug: string) => {
    const site = sites.sites.find((candidate) => candidate.slug === slug);
    if (!site) throw new Error(`no demo site ${slug}`);
    return site.url;
  };

  async function openApp(): Promise<{ page: Page; server: AppServer; watch: ReturnType<typeof watchPage> }> {
    const server = await startAppServer({ dataDir: tempDir(), staticDir });
    open.push(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchPage(page);
    return { page, server, watch };
  }

  it('fills the wizard, watches the evaluation complete and reads its funnel, rankings, diagnosis and a trace', async () => {
    const { page, server, watch } = await openApp();

    await page.goto(`${server.rootUrl}/`);
    await page.getByRole('heading', { name: 'No evaluations yet' }).waitFor({ state: 'visible' });
    await screenshot(page, '01-evaluations-empty');

    await page.getByRole('link', { name: 'Start your first evaluation' }).click();
    await page.getByRole('heading', { name: 'Your product' }).waitFor();
    // Nothing filled in: the schema's messages appear next to the fields, and the wizard stays put.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#company_name-error').textContent()).resolves.toContain('must not be empty');
    await expect(page.locator('#website_url-error').textContent()).resolves.toContain('must be an http(s) URL');
    await expect(page.getByLabel('Company or product name').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, '02-wizard-field-errors');

    await page.getByLabel('Company or product name').fill('Postwing');
    await page.getByLabel('Website', { exact: true }).fill(siteUrl('postwing'));
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Competitor website 1', { exact: true }).fill(siteUrl('sendlark'));
    await page.getByRole('button', { name: '+ Add competitor' }).click();
    // The customer's own site again: valid for the schema, refused by the server (422 on competitors[1]).
    await page.getByLabel('Competitor website 2', { exact: true }).fill(siteUrl('postwing'));
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('What the buyer wants').fill('Choose a transactional email API for password resets and receipts, under $50 per month.');
    await page.getByLabel('Category').fill('Transactional email API');
    await page.getByRole('button', { name: '+ Add requirement' }).click();
    await page.getByLabel('Requirement 1', { exact: true }).fill('Webhooks for deliveries and bounces');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByLabel('Model 1', { exact: true }).inputValue()).resolves.toBe('rules');
    await screenshot(page, '03-wizard-agents');
    await page.getByRole('button', { name: 'Create and run' }).click();

    // The server's field error lands on the row it names, back on the competitors step.
    await page.locator('#competitors-1-error').waitFor();
    await expect(page.locator('#competitors-1-error').textContent()).resolves.toContain('repeats');
    await page.getByRole('heading', { name: 'Competitors' }).waitFor({ state: 'visible' });
    await screenshot(page, '04-wizard-server-error');

    await page.getByLabel('Competitor website 2', { exact: true }).fill(siteUrl('relaymark'));
    for (let step = 0; step < 2; step += 1) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create and run' }).click();

    await page.waitForURL(/#\/evaluations\/(?!new$)[^/]+$/);
    const evaluationId = decodeURIComponent(page.url().split('/').pop() ?? '');
    await page.getByText('Overall score', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: /Postwing/ }).first().waitFor({ state: 'visible' });
    await expect(page.locator('.chart canvas').count()).resolves.toBe(2);
    const rankings = page.getByRole('table', { name: 'Vendor rankings' });
    await expect(rankings.locator('tbody tr').count()).resolves.toBe(3);
    // Quick eval names a competitor after its host; the demo sites are served on 127.0.0.1 ports.
    const sendlarkName = new URL(siteUrl('sendlark')).host;
    await expect(rankings.textContent()).resolves.toContain(sendlarkName);
    const scoresAnswer = await fetch(`${server.apiUrl}/evaluations/${encodeURIComponent(evaluationId)}/scores`);
    expect(scoresAnswer.status).toBe(200);
    const scores = ScoresViewSchema.parse(await scoresAnswer.json());
    const customer = scores.vendor_rankings.find((vendor) => vendor.is_customer);
    await expect(page.locator('tr.customer').textContent()).resolves.toContain(`#${customer?.rank}`);
    await expect(page.locator('.gauge figcaption').first().textContent()).resolves.toBe('Overall score');
    await expect(page.locator('.gauge .number').textContent()).resolves.toBe(scores.overall_score.toFixed(0));
    await screenshot(page, '05-evaluation-overview');

    await page.getByRole('link', { name: 'Diagnosis' }).click();
    await page.getByRole('heading', { name: 'Fixes, in priority order' }).waitFor();
    const causes = page.locator('.cause');
    await expect(causes.count()).resolves.toBeGreaterThan(0);
    await page.getByText('Measured effect of the fix').first().waitFor({ state: 'visible' });
    await screenshot(page, '06-diagnosis');

    await page.getByRole('link', { name: 'Runs' }).click();
    const runsTable = page.getByRole('table', { name: 'Runs' });
    await runsTable.waitFor();
    await expect(runsTable.locator('tbody tr').count()).resolves.toBe(15);
    await page.getByLabel('Stage', { exact: true }).selectOption('completion');
    await expect(page.getByRole('status').filter({ hasText: 'of 15 runs' }).textContent()).resolves.toContain('3 of 15 runs');
    await page.getByRole('button', { name: /Score/ }).click();
    const shownScores = await runsTable.locator('tbody tr td.num strong').allTextContents();
    expect(shownScores.map(Number)).toEqual([...shownScores.map(Number)].sort((a, b) => b - a));
    await screenshot(page, '07-runs');

    await runsTable.getByRole('link', { name: /^Trace of Postwing/ }).first().click();
    await page.getByRole('heading', { name: 'Why this score' }).waitFor();
    await page.getByRole('heading', { name: 'Postwing · Completion' }).waitFor({ state: 'visible' });
    for (const section of ['Justification', 'Reasoning', 'Prompt', 'Response']) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor({ state: 'visible' });
    }
    await page.getByRole('button', { name: 'Copy Prompt' }).waitFor({ state: 'visible' });
    await screenshot(page, '08-trace');

    await page.getByRole('link', { name: '← Runs of this evaluation' }).click();
    await expect(page.getByLabel('Stage', { exact: true }).inputValue()).resolves.toBe('completion');

    await page.goto(`${server.rootUrl}/#/evaluations`);
    const row = page.locator(`tr[data-evaluation-id="${evaluationId}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('completed');
    await screenshot(page, '09-evaluations-list');

    await page.getByRole('link', { name: 'Vendors' }).click();
    await page.getByRole('link', { name: sendlarkName }).click();
    await page.getByRole('heading', { name: 'Pricing', exact: true }).waitFor();
    await expect(page.getByRole('table', { name: 'Pricing plans' }).locator('tbody tr').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, '10-vendor');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Running in a browser: these settings come from environment variables.').waitFor();
    await screenshot(page, '11-settings-browser');

    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('keeps the status of a running evaluation live in the list until it completes', async () => {
    // A competitor site that answers slowly holds the evaluation in its reading phase for a while.
    const slow = await startFixtureSite({
      routes: { '/': { delay: 2_500, body: '<!doctype html><title>Slowmail</title><h1>Slowmail email API</h1><p>Plans from $9 per month.</p>' } },
    });
    open.push(slow);
    const { page, server, watch } = await openApp();
    const created = await fetch(`${server.apiUrl}/quick-eval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company_name: 'Postwing', website_url: siteUrl('postwing'), competitors: [slow.url], task: 'Pick an email API', category: 'Email API' }),
    });
    expect(created.status).toBe(201);
    const { evaluation_id: evaluationId } = QuickEvalResultSchema.parse(await created.json());
    expect((await fetch(`${server.apiUrl}/evaluations/${evaluationId}/run`, { method: 'POST' })).status).toBe(202);

    await page.goto(`${server.rootUrl}/#/evaluations`);
    const row = page.locator(`tr[data-evaluation-id="${evaluationId}"]`);
    await row.getByRole('progressbar').waitFor();
    await expect(row.textContent()).resolves.toContain('running');
    await screenshot(page, '00-evaluations-running');

    // No reload: the list polls the running evaluation until it ends.
    await row.getByText('completed').waitFor({ timeout: 30_000 });
    await expect(row.getByRole('progressbar').count()).resolves.toBe(0);
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 60_000);
});

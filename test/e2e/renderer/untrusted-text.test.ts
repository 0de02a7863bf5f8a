import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Vendor } from '../../../server/contracts';
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
import { startFixtureSite, type FixtureSite } from '../../support/fixture-server';
import { useTempDir } from '../../support/temp-dir';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert("owned")</script>';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A vendor site whose visible text carries markup: it must reach the screen as text. */
const HOSTILE_HOME = `<!doctype html><html><head><title>${escape(IMG)} Mailbolt</title>
<meta name="description" content="${escape(SCRIPT)} email for apps"></head>
<body><h1>${escape(SCRIPT)} Mailbolt email API</h1>
<p>${escape(IMG)} Send transactional email with webhooks.</p>
<a href="/pricing">Pricing</a></body></html>`;
const HOSTILE_PRICING = `<!doctype html><html><head><title>Pricing</title></head><body>
<h1>Pricing</h1><h2>${escape(IMG)} Starter</h2><p>$10 per month</p></body></html>`;

describe.skipIf(!chromiumAvailable)(`text from websites is shown as text${chromiumAvailable ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  const tempDir = useTempDir('vendor-eval-e2e-');
  let browser: Browser;
  let staticDir: string;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    [staticDir, browser] = await Promise.all([buildRenderer(), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const server of open.splice(0)) await server.close();
  });

  async function start(): Promise<{ server: AppServer; page: Page; watch: ReturnType<typeof watchPage> }> {
    const server = await startAppServer({ dataDir: tempDir(), staticDir });
    open.push(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    return { server, page, watch: watchPage(page) };
  }

  async function post<T>(server: AppServer, path: string, body: unknown): Promise<T> {
    const answer = await fetch(`${server.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(answer.status).toBe(201);
    return (await answer.json()) as T;
  }

  it('shows injected markup in a vendor profile literally and runs none of it', async () => {
    const site: FixtureSite = await startFixtureSite({ routes: { '/': { body: HOSTILE_HOME }, '/pricing': { body: HOSTILE_PRICING } } });
    open.push(site);
    const { server, page, watch } = await start();
    const vendor = await post<Vendor>(server, '/vendors', { name: `${IMG} Mailbolt`, website_url: site.url, description: SCRIPT });

    await page.goto(`${server.rootUrl}/#/vendors/${vendor.id}`);
    await page.getByRole('heading', { name: 'What an agent learns from the site' }).waitFor({ timeout: 20_000 });

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(`${IMG} Mailbolt`);
    await expect(page.locator('.description').textContent()).resolves.toBe(SCRIPT);
    const facts = await page.locator('dl.facts').first().textContent();
    expect(facts).toContain(`${IMG} Mailbolt`);
    expect(facts).toContain(`${SCRIPT} email for apps`);
    await page.locator('.page-entry summary').filter({ hasText: 'Mailbolt' }).first().click();
    await expect(page.locator('.page-entry pre').first().textContent()).resolves.toContain(`${SCRIPT} Mailbolt email API`);

    // Nothing of it became markup: no image element, no script from the site, no alert.
    await expect(page.locator('img').count()).resolves.toBe(0);
    await expect(page.locator('script:not([src])').count()).resolves.toBe(0);
    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    await screenshot(page, '12-vendor-untrusted-text');

    await page.goto(`${server.rootUrl}/#/vendors`);
    await expect(page.getByRole('table', { name: 'Vendors' }).textContent()).resolves.toContain(`${IMG} Mailbolt`);
    await expect(page.locator('img').count()).resolves.toBe(0);
    expect(watch.dialogs).toEqual([]);
    await page.close();
  });

  it('says what to do when an evaluation or a page does not exist', async () => {
    const { server, page, watch } = await start();
    await page.goto(`${server.rootUrl}/#/evaluations/no-such-evaluation`);
    await page.getByRole('heading', { name: 'This evaluation does not exist' }).waitFor();
    await page.getByRole('link', { name: 'All evaluations' }).waitFor({ state: 'visible' });
    await screenshot(page, '13-evaluation-not-found');

    await page.goto(`${server.rootUrl}/#/runs/no-such-run`);
    await page.getByRole('heading', { name: 'Could not load this trace' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain("run 'no-such-run' was not found");

    await page.goto(`${server.rootUrl}/#/somewhere/else`);
    await page.getByRole('heading', { name: 'There is no such page' }).waitFor();
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('shows provider keys only as a hint when the desktop bridge is present', async () => {
    const { server, page, watch } = await start();
    await page.addInitScript(() => {
      const settings = {
        providers: [
          { id: 'openai', key_hint: '…f00d' as string | null, base_url: null },
          { id: 'gemini', key_hint: null as string | null, base_url: null },
        ],
        default_models: ['rules', 'openai:gpt-4o-mini'],
        concurrency: 4,
        spending_cap_usd: 5,
        keysEncrypted: false,
      };
      Object.defineProperty(globalThis, 'vendorEval', {
        value: {
          platform: 'linux',
          getSettings: async () => structuredClone(settings),
          saveSettings: async (update: object) => Object.assign(settings, update),
          setProviderKey: async (provider: string, key: string | null) => {
            const entry = settings.providers.find((candidate) => candidate.id === provider);
            if (entry) entry.key_hint = key ? `…${key.slice(-4)}` : null;
            return entry?.key_hint ?? null;
          },
          savePdf: async () => ({ saved: false, path: null }),
        },
      });
    });
    await page.goto(`${server.rootUrl}/#/settings`);
    await page.getByRole('heading', { name: 'Providers' }).waitFor();
    await page.getByText('key …f00d').waitFor({ state: 'visible' });
    await expect(page.getByLabel('Default models').inputValue()).resolves.toBe('rules, openai:gpt-4o-mini');
    await expect(page.getByText('come from environment variables').count()).resolves.toBe(0);
    await expect(page.getByRole('note').textContent()).resolves.toContain('stored as plain text');

    await page.getByLabel('New key for Google Gemini').fill('gm-secret-key-1234abcd');
    await page.getByRole('button', { name: 'Save key' }).nth(1).click();
    await page.getByText('key …abcd').waitFor();
    await expect(page.locator('body').textContent()).resolves.not.toContain('gm-secret-key');
    await expect(page.getByLabel('New key for Google Gemini').inputValue()).resolves.toBe('');
    await screenshot(page, '14-settings-desktop');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

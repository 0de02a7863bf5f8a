import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import electronViteConfig from '../../electron.vite.config';
import { createContext, type AppConfig, type AppContext } from '../../server/context';
import { createApp } from '../../server/http/app';
import { listen } from '../../server/http/listen';
import { TEST_INGESTION_LIMITS } from './api-server';

/** The system Chromium the end-to-end tests drive; CI installs it with apt-get. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
export const CHROMIUM_MISSING = `skipped: ${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`;

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test-results', 'screenshots');

let rendererBuild: Promise<string> | undefined;

/**
 * Builds the renderer with the renderer section of electron.vite.config.ts
 * into a folder of its own, so parallel test files and a developer's
 * out/renderer never overwrite each other. Once per test process.
 */
export function buildRenderer(): Promise<string> {
  rendererBuild ??= (async () => {
    const renderer = electronViteConfig.renderer ?? {};
    const outDir = mkdtempSync(join(tmpdir(), 'vendor-eval-renderer-'));
    await build({
      ...renderer,
      configFile: false,
      root: resolve(PROJECT_ROOT, renderer.root ?? 'renderer'),
      logLevel: 'warn',
      build: { ...renderer.build, outDir, emptyOutDir: true, reportCompressedSize: false },
    });
    return outDir;
  })();
  return rendererBuild;
}

export interface AppServer {
  /** Where the renderer is served, without a trailing slash. */
  rootUrl: string;
  /** Base URL of the API, ending in /api/v1. */
  apiUrl: string;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The real server (express app, sql.js store) serving the built renderer at its root. */
export async function startAppServer(config: AppConfig & { staticDir: string }): Promise<AppServer> {
  const { staticDir, ...appConfig } = config;
  const ctx = await createContext({ ingestionLimits: TEST_INGESTION_LIMITS, defaultModels: ['rules'], ...appConfig });
  const server = await listen(createApp(ctx, { version: 'test', staticDir }), 0);
  return {
    rootUrl: server.rootUrl,
    apiUrl: server.apiUrl,
    ctx,
    async close() {
      await server.close();
      await ctx.close();
    },
  };
}

/** Headless Chromium with the flags that keep it off the network; Playwright gives it a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Page errors and dialogs: a screen that throws or pops an alert fails its test. */
export interface PageWatch {
  errors: string[];
  dialogs: string[];
}

export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { errors: [], dialogs: [] };
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('console', (message) => {
    // Answers such as a 422 or a 404 are expected; the browser logs each one as a failed resource.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) watch.errors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watch;
}

/** A full-page screenshot kept under test-results/screenshots (gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // A full-page capture of a scrolled page draws the sticky app bar in the middle.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path, fullPage: true });
  return path;
}

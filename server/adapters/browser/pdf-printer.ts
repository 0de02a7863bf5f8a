import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';
import { PrinterUnavailableError, type ReportPrinter } from '../../core/ports';
import { findBrowser, type BrowserLocation } from './find-browser';
import { PAGE_FOOTER } from './page-footer';

/** Without the networking flags Chromium tries to reach the internet at every start. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** The one address the page may load; the printer answers it itself, nothing goes on the wire. */
const REPORT_URL = 'http://report.invalid/';
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export interface PdfPrinterOptions {
  /** Finds the browser at each print, so installing one later needs no restart. */
  locateBrowser?: () => BrowserLocation;
  /** Prints at the same time; each one is a browser process (default 2). */
  concurrency?: number;
  timeoutMs?: number;
}

/**
 * Prints the report with the system's Chrome or Chromium through puppeteer-core.
 * The report is self-contained, so the page runs no script and every request
 * besides the report document itself is refused.
 */
export function createPdfPrinter(options: PdfPrinterOptions = {}): ReportPrinter {
  const locateBrowser = options.locateBrowser ?? (() => findBrowser());
  const limit = pLimit(options.concurrency ?? 2);
  const timeout = options.timeoutMs ?? 30_000;
  return {
    printPdf: (html) =>
      limit(async () => {
        const location = locateBrowser();
        if (!location.ok) throw new PrinterUnavailableError(location.reason);
        const userDataDir = await mkdtemp(join(tmpdir(), 'vendor-eval-chromium-'));
        try {
          const browser = await launch(location.path, userDataDir, timeout);
          try {
            return await printIsolated(browser, html, timeout);
          } finally {
            await browser.close().catch(() => undefined);
          }
        } finally {
          await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
        }
      }),
  };
}

async function launch(executablePath: string, userDataDir: string, timeout: number): Promise<Browser> {
  try {
    return await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir,
      args: [...CHROMIUM_FLAGS],
      timeout,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new PrinterUnavailableError(`The browser at ${executablePath} did not start: ${reason}`);
  }
}

async function printIsolated(browser: Browser, html: string, timeout: number): Promise<Uint8Array> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.url() === REPORT_URL && request.isNavigationRequest()) {
      void request.respond({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': REPORT_CSP },
        body: html,
      });
    } else {
      void request.abort('blockedbyclient');
    }
  });
  await page.goto(REPORT_URL, { waitUntil: 'load', timeout });
  return await page.pdf({
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: PAGE_FOOTER,
    timeout,
  });
}

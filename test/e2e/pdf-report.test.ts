import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosisViewSchema, ScoresViewSchema } from '../../server/contracts';
import { findBrowser } from '../../server/adapters/browser/find-browser';
import { createPdfPrinter } from '../../server/adapters/browser/pdf-printer';
import { serveStaticSites } from '../../server/adapters/web/static-sites';
import { DEMO_SITES_DIR } from '../../server/demo';
import { useApi } from '../support/api-server';
import { CLI } from '../support/cli-process';
import { startFixtureSite } from '../support/fixture-server';
import { useTempDir } from '../support/temp-dir';

const run = promisify(execFile);
const startApi = useApi();
const tempDir = useTempDir('vendor-eval-pdf-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The PDF's text with line breaks and runs of spaces folded, as a reader would quote it. */
async function pdfText(pdf: Uint8Array | Buffer): Promise<string> {
  const file = join(tempDir(), 'report.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

async function completedEvaluation() {
  const api = await startApi();
  const injection = await startFixtureSite({ site: 'injection' });
  closers.push(() => injection.close());
  const demo = await serveStaticSites(DEMO_SITES_DIR);
  closers.push(() => demo.close());
  const created = await api.post('/quick-eval', {
    company_name: 'Inkwell <b>bold</b> <script>alert(1)</script>',
    website_url: injection.url,
    competitors: demo.sites.slice(0, 2).map((site) => site.url),
    task: 'Pick an email API under $50 a month and set it up',
    category: 'email_api',
    requirements: ['webhooks <i>now</i>'],
  });
  expect(created.status).toBe(201);
  const id: string = created.body.evaluation_id;
  expect((await api.post(`/evaluations/${id}/run`)).status).toBe(202);
  expect((await api.waitForEvaluation(id)).status).toBe('completed');
  return { api, id };
}

describe('the report as PDF', () => {
  it('prints names, scores, recommendations and injected markup as literal text', { timeout: 120_000 }, async () => {
    const { api, id } = await completedEvaluation();
    const response = await fetch(`${api.base}/evaluations/${id}/report?format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="vendor-evaluation-${id}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(pdf);
    const scores = ScoresViewSchema.parse((await api.get(`/evaluations/${id}/scores`)).body);
    for (const ranking of scores.vendor_rankings) {
      expect(text).toContain(folded(ranking.name));
    }
    expect(text).toContain(String(Math.round(scores.overall_score * 10) / 10));
    const diagnosis = DiagnosisViewSchema.parse((await api.get(`/evaluations/${id}/diagnosis`)).body);
    expect(diagnosis.root_causes.length).toBeGreaterThan(0);
    expect(text).toContain('Recommendations');
    for (const cause of diagnosis.root_causes.slice(0, 3)) {
      expect(text).toContain(folded(cause.fix).slice(0, 60));
    }

    expect(text).toContain('Inkwell <b>bold</b> <script>alert(1)</script>');
    expect(text).toContain('webhooks <i>now</i>');
    // Quoted from the vendor's own pages by ingestion.
    expect(text).toMatch(/<b>bold<\/b> (webhooks|transactional|delivery|plan)/);
  });

  it('is written by `vendor-eval report`, the format chosen by the extension', { timeout: 120_000 }, async () => {
    const { api, id } = await completedEvaluation();
    const dataDir = api.dataDir;
    await api.close();
    const out = join(tempDir(), 'nested', 'evaluation.pdf');
    const { stdout } = await run(process.execPath, [CLI, 'report', id, '--out', out, '--data-dir', dataDir]);
    expect(stdout).toContain(`Report written to ${out}`);
    const text = await pdfText(readFileSync(out));
    expect(text).toContain('Inkwell <b>bold</b> <script>alert(1)</script>');

    const json = join(tempDir(), 'evaluation.json');
    await run(process.execPath, [CLI, 'report', id, '--out', json, '--data-dir', dataDir]);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({ meta: { evaluation_id: id } });
  });

  it('loads nothing from the network and runs no script while printing', async () => {
    const tracker = await startFixtureSite({ routes: {} });
    closers.push(() => tracker.close());
    const html = `<!doctype html><html><head><link rel="stylesheet" href="${tracker.url}style.css"></head><body>
      <p>Printed offline</p><img src="${tracker.url}pixel.png"><iframe src="${tracker.url}frame"></iframe>
      <script>document.body.append('SCRIPT RAN')</script></body></html>`;
    const text = await pdfText(await createPdfPrinter().printPdf(html));
    expect(text).toContain('Printed offline');
    expect(text).not.toContain('SCRIPT RAN');
    expect(tracker.requests).toEqual([]);
  });

  it('answers 503 with the reason when no browser is installed', async () => {
    const api = await startApi({
      reportPrinter: createPdfPrinter({ locateBrowser: () => findBrowser({ env: {}, platform: 'linux', exists: () => false }) }),
    });
    const response = await api.get('/evaluations/nope/report?format=pdf');
    expect(response.status).toBe(404);
    const { id } = await completedEvaluationOn(api);
    const unavailable = await api.get(`/evaluations/${id}/report?format=pdf`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toEqual({
      status_code: 503,
      detail: 'The PDF cannot be printed here: No Chrome or Chromium found; install one or set CHROME_PATH',
    });
  });

  it('tells the command line user when no browser is found', async () => {
    const { api, id } = await completedEvaluation();
    await api.close();
    const failure = await run(process.execPath, [CLI, 'report', id, '--out', join(tempDir(), 'x.pdf'), '--data-dir', api.dataDir], {
      env: { ...process.env, CHROME_PATH: '/nonexistent/chrome' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 3, stderr: 'error: CHROME_PATH names /nonexistent/chrome, which does not exist\n' });
  });
});

async function completedEvaluationOn(api: Awaited<ReturnType<typeof startApi>>) {
  const site = await startFixtureSite({ site: 'injection' });
  closers.push(() => site.close());
  const rival = await startFixtureSite({ site: 'basic' });
  closers.push(() => rival.close());
  const created = await api.post('/quick-eval', {
    company_name: 'Inkwell',
    website_url: site.url,
    competitors: [rival.url],
    task: 'Pick an email API',
    category: 'email_api',
  });
  const id: string = created.body.evaluation_id;
  await api.post(`/evaluations/${id}/run`);
  expect((await api.waitForEvaluation(id)).status).toBe('completed');
  return { id };
}

describe('finding the browser that prints', () => {
  const only = (...paths: string[]) => (path: string) => paths.includes(path);

  it('takes CHROME_PATH, then PUPPETEER_EXECUTABLE_PATH, then the usual places', () => {
    expect(findBrowser({ env: { CHROME_PATH: '/opt/chrome', PUPPETEER_EXECUTABLE_PATH: '/opt/other' }, platform: 'linux', exists: () => true })).toEqual({
      ok: true,
      path: '/opt/chrome',
    });
    expect(findBrowser({ env: { PUPPETEER_EXECUTABLE_PATH: '/opt/other' }, platform: 'linux', exists: () => true })).toEqual({ ok: true, path: '/opt/other' });
    expect(findBrowser({ env: {}, platform: 'linux', exists: only('/usr/bin/google-chrome', '/usr/bin/chromium-browser') })).toEqual({
      ok: true,
      path: '/usr/bin/chromium-browser',
    });
    expect(findBrowser({ env: {}, platform: 'darwin', exists: only('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome') })).toMatchObject({ ok: true });
    expect(findBrowser({ env: {}, platform: 'win32', exists: (path) => path.endsWith('chrome.exe') })).toMatchObject({ ok: true });
  });

  it('says what is wrong when nothing is found or a variable names a missing file', () => {
    expect(findBrowser({ env: {}, platform: 'linux', exists: () => false })).toEqual({
      ok: false,
      reason: 'No Chrome or Chromium found; install one or set CHROME_PATH',
    });
    expect(findBrowser({ env: { CHROME_PATH: '/typo/chrome' }, platform: 'linux', exists: only('/usr/bin/chromium') })).toEqual({
      ok: false,
      reason: 'CHROME_PATH names /typo/chrome, which does not exist',
    });
  });
});

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStaticSites } from '../../server/adapters/web/static-sites';
import { DEMO_SITES_DIR } from '../../server/demo';
import { CLI } from '../support/cli-process';
import { useTempDir } from '../support/temp-dir';

const run = promisify(execFile);
const tempDir = useTempDir('vendor-eval-cli-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the command line', () => {
  it('runs the offline demo: prints a ranking and writes a report', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const result = await cli(['demo', '--data-dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Ranking:\n\s+1\. \S+/);
    expect(result.stdout).toContain('(you)');
    const reportPath = join(dir, 'report.html');
    expect(result.stdout).toContain(`Report written to ${reportPath}`);
    const html = readFileSync(reportPath, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Competitive comparison');
  });

  it('quick-eval --json waits, prints the result and writes the report', { timeout: 60_000 }, async () => {
    const sites = await serveStaticSites(DEMO_SITES_DIR);
    closers.push(() => sites.close());
    const dir = tempDir();
    const [own, ...rivals] = sites.sites;
    const result = await cli([
      'quick-eval',
      '--company', 'Our product',
      '--website', own!.url,
      ...rivals.flatMap((site) => ['--competitor', site.url]),
      '--task', 'Pick an email API under $50 a month and set it up',
      '--category', 'email_api',
      '--wait', '--json',
      '--report', join(dir, 'out', 'report.json'),
      '--data-dir', join(dir, 'data'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.status).toBe('completed');
    expect(output.scores.vendor_rankings).toHaveLength(sites.sites.length);
    expect(output.diagnosis.root_causes.length).toBeGreaterThan(0);
    expect(existsSync(output.report_path)).toBe(true);
    expect(JSON.parse(readFileSync(output.report_path, 'utf8')).meta.evaluation_id).toBe(output.evaluation_id);
  });

  it('exits 2 and names the option on bad input', async () => {
    const result = await cli(['quick-eval', '--company', 'X', '--website', 'nope', '--task', 't', '--category', 'c', '--data-dir', tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--website: must be an http(s) URL');
    expect(result.stderr).toContain('--competitor: must name at least one competitor website');
  });

  it('exits 2 for a model nobody can run, before creating anything', async () => {
    const result = await cli(['quick-eval', '--company', 'X', '--website', 'https://x.example', '--competitor', 'https://y.example', '--task', 't', '--category', 'c', '--model', 'nosuch:model', '--data-dir', tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("models[0]: unknown provider 'nosuch'");
  });
});

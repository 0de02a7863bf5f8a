import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DiagnosisView, ScoresView, StatusView } from './contracts';
import { serveStaticSites } from './adapters/web/static-sites';
import { createContext } from './context';
import { waitForEvaluation } from './core/evaluation/wait';

/** resources/demo-sites/demo.json: who the demo vendors are and what the buyer wants. */
const DemoManifestSchema = z.object({
  customer: z.string(),
  task: z.string(),
  category: z.string(),
  requirements: z.array(z.string()),
  vendors: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string() })).min(2),
});

export const DEMO_SITES_DIR = fileURLToPath(new URL('../resources/demo-sites', import.meta.url));

export interface DemoOptions {
  dataDir?: string;
  reportPath?: string;
  onStatus?: (status: StatusView) => void;
}

export interface DemoResult {
  evaluation_id: string;
  status: StatusView['status'];
  error: string | null;
  scores: ScoresView | null;
  diagnosis: DiagnosisView | null;
  report_path: string | null;
  data_dir: string;
  sites: { name: string; url: string }[];
}

/**
 * Serves the bundled demo vendor websites on 127.0.0.1, evaluates them with the
 * offline rules agent through the same core as the API, and writes the report.
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const manifest = DemoManifestSchema.parse(JSON.parse(readFileSync(join(DEMO_SITES_DIR, 'demo.json'), 'utf8')));
  const dataDir = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'vendor-eval-demo-'));
  const served = await serveStaticSites(DEMO_SITES_DIR);
  const ctx = await createContext({ dataDir, defaultModels: ['rules'] });
  try {
    const urlOf = (slug: string) => {
      const site = served.sites.find((candidate) => candidate.slug === slug);
      if (!site) throw new Error(`demo site '${slug}' is missing from ${DEMO_SITES_DIR}`);
      return site.url;
    };
    const own = manifest.vendors.find((vendor) => vendor.slug === manifest.customer);
    if (!own) throw new Error(`demo.json names customer '${manifest.customer}' but lists no such vendor`);
    const customer = ctx.catalog.createCustomer({ name: own.name, website_url: urlOf(own.slug) });
    const vendors = manifest.vendors.map((vendor) =>
      ctx.catalog.createVendor({ name: vendor.name, website_url: urlOf(vendor.slug), description: vendor.description }),
    );
    const scenario = ctx.catalog.createScenario({
      task: manifest.task,
      category: manifest.category,
      requirements: manifest.requirements,
    });
    const evaluation = ctx.evaluations.create({
      customer_id: customer.id,
      scenario_id: scenario.id,
      vendor_ids: vendors.map((vendor) => vendor.id),
      models: ['rules'],
    });
    ctx.evaluations.run(evaluation.id);
    const final = await waitForEvaluation(ctx, evaluation.id, options.onStatus);
    const completed = final.status === 'completed';
    let reportPath: string | null = null;
    if (completed) {
      reportPath = resolve(options.reportPath ?? join(dataDir, 'report.html'));
      mkdirSync(dirname(reportPath), { recursive: true });
      writeFileSync(reportPath, ctx.evaluations.reportHtml(evaluation.id));
    }
    return {
      evaluation_id: evaluation.id,
      status: final.status,
      error: final.error,
      scores: completed ? ctx.evaluations.scores(evaluation.id) : null,
      diagnosis: completed ? ctx.evaluations.diagnosis(evaluation.id) : null,
      report_path: reportPath,
      data_dir: dataDir,
      sites: manifest.vendors.map((vendor) => ({ name: vendor.name, url: urlOf(vendor.slug) })),
    };
  } finally {
    await ctx.close();
    await served.close();
  }
}

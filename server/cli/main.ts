import { Command, InvalidArgumentError, Option } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { QuickEvalCreateSchema } from '../contracts';
import { defaultDataDir } from '../config';
import { createContext, type AppContext } from '../context';
import { FieldError, NotFoundError, StateError } from '../core/errors';
import { PrinterUnavailableError } from '../core/ports';
import { runDemo } from '../demo';
import { createApp } from '../http/app';
import { issuesOf } from '../http/errors';
import { listen } from '../http/listen';
import { buildOpenApiDocument } from '../http/openapi';
import { VERSION } from '../version';
import { createProgressReporter } from './progress';
import { formatSummary } from './summary';
import { describeEstimate } from '../core/evaluation/estimate';
import { waitForEvaluation } from '../core/evaluation/wait';
import { createCliLogger, staticDirIfBuilt } from './support';

/** Exit codes: 0 success, 1 the evaluation failed, 2 bad input, 3 internal error. */
export const EXIT = { ok: 0, evaluationFailed: 1, badInput: 2, internal: 3 } as const;

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be 0 to 65535');
  return port;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const dataDirOption = () =>
  new Option('--data-dir <dir>', 'where evaluations are stored').default(defaultDataDir(), 'the per-user app data folder');

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('vendor-eval')
    .description('Measure how AI purchasing agents find, understand, prefer, set up and buy your product against competitors.')
    .version(VERSION)
    .showHelpAfterError();

  program
    .command('serve')
    .description('Start the local REST API (and the web screens when built) on 127.0.0.1')
    .addOption(new Option('--port <n>', 'port; 0 picks a free one').argParser(portNumber).default(7345))
    .addOption(dataDirOption())
    .option('--log-level <level>', 'debug, info, warn, error or silent', 'info')
    .action(async (options: { port: number; dataDir: string; logLevel: string }) => {
      const ctx = await createContext({ dataDir: resolve(options.dataDir), logger: createCliLogger(options.logLevel) });
      const app = createApp(ctx, { version: VERSION, staticDir: staticDirIfBuilt() });
      const server = await listen(app, options.port);
      process.stdout.write(`Vendor Evaluation API listening on ${server.apiUrl}\n`);
      process.stdout.write(`Data folder: ${resolve(options.dataDir)}\n`);
      const stop = async () => {
        await server.close();
        await ctx.close();
        process.exit(EXIT.ok);
      };
      process.once('SIGINT', () => void stop());
      process.once('SIGTERM', () => void stop());
    });

  program
    .command('quick-eval')
    .description('Evaluate your product against competitors in one go and wait for the result')
    .requiredOption('--company <name>', 'your company or product name')
    .requiredOption('--website <url>', "your product's website")
    .option('--competitor <url>', 'a competitor website (repeat for each)', collect, [])
    .requiredOption('--task <text>', 'the buying task, e.g. "pick an email API under $50 a month and set it up"')
    .requiredOption('--category <label>', 'category label, e.g. email_api')
    .option('--requirement <text>', 'a requirement the product must meet (repeat for each)', collect, [])
    .option('--model <id>', 'a model acting as buyer, e.g. rules or openai:gpt-4o-mini (repeat for each)', collect, [])
    .option('--samples <n>', 'samples per run', (value) => Number(value))
    .option('--max-cost <usd>', 'stop the evaluation once its runs have cost this many US dollars', (value) => Number(value))
    .option('--no-cache', 'ask the model providers afresh instead of answering from the response cache')
    .option('--wait', 'wait for the evaluation to end (always the case when running in-process)', true)
    .option('--json', 'print the result as JSON on stdout')
    .option('--report <file>', 'write the report to this file (.html; .json for the JSON document; .pdf printed with Chrome or Chromium)')
    .addOption(dataDirOption())
    .action(async (options: QuickEvalOptions) => {
      process.exitCode = await quickEval(options);
    });

  program
    .command('report')
    .description('Write the report of a completed evaluation (HTML, JSON or PDF, chosen by the file extension)')
    .argument('<evaluation-id>', 'the evaluation')
    .requiredOption('--out <file>', 'file.html, file.json or file.pdf')
    .addOption(dataDirOption())
    .action(async (evaluationId: string, options: { out: string; dataDir: string }) => {
      process.exitCode = await reportCommand(evaluationId, options);
    });

  program
    .command('demo')
    .description('Evaluate bundled demo vendor websites offline with the rules agent')
    .option('--data-dir <dir>', 'where the demo evaluation is stored (default: a new temporary folder)')
    .option('--out <file>', 'where to write the HTML report (default: report.html in the data folder)')
    .option('--json', 'print the result as JSON on stdout')
    .action(async (options: { dataDir?: string; out?: string; json?: boolean }) => {
      const progress = createProgressReporter(process.stderr, Boolean(options.json));
      const result = await runDemo({ dataDir: options.dataDir, reportPath: options.out, onStatus: (status) => progress.update(status) });
      progress.stop();
      if (options.json) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      } else {
        process.stdout.write(`\nDemo evaluation ${result.evaluation_id}: ${result.status}\n\n`);
        if (result.scores && result.diagnosis) process.stdout.write(`${formatSummary(result.scores, result.diagnosis)}\n`);
        process.stdout.write(`\nReport written to ${result.report_path}\n`);
      }
      process.exitCode = result.status === 'completed' ? EXIT.ok : EXIT.evaluationFailed;
    });

  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document of the REST API')
    .option('--out <file>', 'write it to a file instead of stdout')
    .action((options: { out?: string }) => {
      const text = `${JSON.stringify(buildOpenApiDocument(VERSION), null, 2)}\n`;
      if (options.out) writeFileSync(options.out, text);
      else process.stdout.write(text);
    });

  return program;
}

interface QuickEvalOptions {
  company: string;
  website: string;
  competitor: string[];
  task: string;
  category: string;
  requirement: string[];
  model: string[];
  samples?: number;
  maxCost?: number;
  /** false with --no-cache. */
  cache: boolean;
  json?: boolean;
  report?: string;
  dataDir: string;
}

const OPTION_OF_FIELD: Record<string, string> = {
  company_name: '--company',
  website_url: '--website',
  competitors: '--competitor',
  task: '--task',
  category: '--category',
  requirements: '--requirement',
  models: '--model',
  samples: '--samples',
  max_cost_usd: '--max-cost',
};

async function quickEval(options: QuickEvalOptions): Promise<number> {
  const parsed = QuickEvalCreateSchema.safeParse({
    company_name: options.company,
    website_url: options.website,
    competitors: options.competitor,
    task: options.task,
    category: options.category,
    requirements: options.requirement.length > 0 ? options.requirement : undefined,
    models: options.model.length > 0 ? options.model : undefined,
    samples: options.samples,
    no_cache: options.cache ? undefined : true,
    max_cost_usd: options.maxCost,
  });
  if (!parsed.success) {
    for (const issue of issuesOf(parsed.error)) {
      const field = issue.field.replace(/^[a-z_]+/, (name) => OPTION_OF_FIELD[name] ?? name);
      process.stderr.write(`error: ${field}: ${issue.message}\n`);
    }
    return EXIT.badInput;
  }

  const ctx = await createContext({ dataDir: resolve(options.dataDir), logger: createCliLogger('warn') });
  try {
    const created = ctx.evaluations.quickEval(parsed.data);
    const estimate = ctx.evaluations.estimate(created.evaluation_id);
    const paid = estimate.per_model.some((model) => model.cost_usd > 0 || !model.priced);
    if (paid) process.stderr.write(describeEstimate(estimate, parsed.data.max_cost_usd ?? null));
    ctx.evaluations.run(created.evaluation_id);
    const progress = createProgressReporter(process.stderr, Boolean(options.json));
    const final = await waitForEvaluation(ctx, created.evaluation_id, (status) => progress.update(status));
    progress.stop();
    const completed = final.status === 'completed';
    const reportPath = completed && options.report ? await writeReport(ctx, created.evaluation_id, options.report) : null;
    const scores = completed ? ctx.evaluations.scores(created.evaluation_id) : null;
    const diagnosis = completed ? ctx.evaluations.diagnosis(created.evaluation_id) : null;
    if (options.json) {
      const { message: _hint, ...ids } = created;
      const output = { ...ids, status: final.status, error: final.error, scores, diagnosis, report_path: reportPath };
      process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    } else {
      process.stdout.write(`\nEvaluation ${created.evaluation_id}: ${final.status}\n`);
      if (final.error) process.stdout.write(`Reason: ${final.error}\n`);
      if (scores && diagnosis) process.stdout.write(`\n${formatSummary(scores, diagnosis)}\n`);
      if (reportPath) process.stdout.write(`\nReport written to ${reportPath}\n`);
    }
    return completed ? EXIT.ok : EXIT.evaluationFailed;
  } catch (error) {
    if (error instanceof FieldError) {
      for (const issue of error.issues) process.stderr.write(`error: ${issue.field}: ${issue.message}\n`);
      return EXIT.badInput;
    }
    throw error;
  } finally {
    await ctx.close();
  }
}

async function writeReport(ctx: AppContext, evaluationId: string, file: string): Promise<string> {
  const path = resolve(file);
  const extension = extname(path).toLowerCase();
  const content =
    extension === '.json'
      ? `${JSON.stringify(ctx.evaluations.report(evaluationId), null, 2)}\n`
      : extension === '.pdf'
        ? await ctx.reportPrinter.printPdf(ctx.evaluations.reportHtml(evaluationId))
        : ctx.evaluations.reportHtml(evaluationId);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

async function reportCommand(evaluationId: string, options: { out: string; dataDir: string }): Promise<number> {
  const ctx = await createContext({ dataDir: resolve(options.dataDir), logger: createCliLogger('warn'), resume: false });
  try {
    const path = await writeReport(ctx, evaluationId, options.out);
    process.stdout.write(`Report written to ${path}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof StateError || error instanceof PrinterUnavailableError) {
      process.stderr.write(`error: ${error.message}\n`);
      return error instanceof PrinterUnavailableError ? EXIT.internal : EXIT.badInput;
    }
    throw error;
  } finally {
    await ctx.close();
  }
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.internal;
  }
}

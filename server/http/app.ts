import cors from 'cors';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import {
  API_PREFIX,
  ROUTES,
  type OperationId,
  type RouteSpec,
} from '../contracts';
import { FieldError } from '../core/errors';
import { PrinterUnavailableError } from '../core/ports';
import type { AppContext } from '../context';
import { errorHandler, HttpError, issuesOf, sendError } from './errors';
import { hostGuard } from './host-guard';
import { buildOpenApiDocument } from './openapi';

export interface AppOptions {
  /** Host names accepted in the Host header (DNS-rebinding guard). Default: loopback names. */
  allowedHosts?: string[];
  version?: string;
  /** A folder of static files (the built renderer) served at the root. */
  staticDir?: string;
  /** Request body limit in bytes (default 1 MB). */
  bodyLimit?: number;
}

type RouteOf<Op extends OperationId> = Extract<(typeof ROUTES)[number], { operationId: Op }>;
type BodyOf<Op extends OperationId> = RouteOf<Op> extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
type QueryOf<Op extends OperationId> = RouteOf<Op> extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;

interface HandlerInput<Op extends OperationId = OperationId> {
  params: Record<string, string>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
}

type HandlerResult = { json: unknown } | { html: string } | { pdf: Uint8Array; filename: string };
type Handlers = { [Op in OperationId]: (input: HandlerInput<Op>) => HandlerResult | Promise<HandlerResult> };
type Handler = (input: HandlerInput) => HandlerResult | Promise<HandlerResult>;

/** The express app of the API; `listen` is separate (see server/http/listen.ts). */
export function createApp(ctx: AppContext, options: AppOptions = {}): express.Express {
  const version = options.version ?? '0.0.0';
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(hostGuard(options.allowedHosts));
  app.use(cors({ origin: '*' }));
  app.use(
    express.json({
      limit: options.bodyLimit ?? 1024 * 1024,
      strict: false,
      type: ['application/json', 'application/*+json'],
    }),
  );

  const handlers = createHandlers(ctx, version);
  const router = express.Router();
  for (const route of ROUTES as readonly RouteSpec[]) {
    const path = route.path.replace(/\{(\w+)\}/g, ':$1');
    const handler = handlers[route.operationId as OperationId] as Handler;
    router[route.method](path, endpoint(route, handler));
  }
  let openApi: Record<string, unknown> | undefined;
  router.get('/openapi.json', (_req, res) => {
    openApi ??= buildOpenApiDocument(version);
    res.json(openApi);
  });
  router.use((req, res) => {
    sendError(res, 404, `No endpoint ${req.method} ${API_PREFIX}${req.path}; see ${API_PREFIX}/openapi.json`);
  });
  app.use(API_PREFIX, router);

  if (options.staticDir) {
    app.use(express.static(options.staticDir, { index: 'index.html', fallthrough: true }));
  }
  app.use(errorHandler(ctx.logger));
  return app;
}

function endpoint(route: RouteSpec, handler: Handler): RequestHandler {
  return async (req: Request, res: Response) => {
    const result = await handler({
      params: req.params as Record<string, string>,
      query: route.query ? parseOrThrow(route.query, req.query ?? {}, 'query') : undefined,
      body: route.body ? parseOrThrow(route.body, bodyOf(req), 'body') : undefined,
    } as HandlerInput);
    res.status(route.success.status);
    if ('html' in result) {
      res.type('html').set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:").send(result.html);
    } else if ('pdf' in result) {
      res.type('application/pdf').set('Content-Disposition', `attachment; filename="${result.filename}"`).send(Buffer.from(result.pdf));
    } else {
      res.json(result.json);
    }
  };
}

function bodyOf(req: Request): unknown {
  // express.json leaves the body undefined when the request carries none or is not JSON.
  if (req.body === undefined) {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > 0 || req.headers['transfer-encoding']) {
      throw new FieldError([{ field: 'body', message: 'must be JSON sent with Content-Type: application/json' }]);
    }
    return {};
  }
  if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new FieldError([{ field: 'body', message: 'must be a JSON object' }]);
  }
  return req.body;
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new FieldError(issuesOf(parsed.error, root));
  return parsed.data;
}

function createHandlers(ctx: AppContext, version: string): Handlers {
  const { catalog, evaluations } = ctx;
  const json = (value: unknown): HandlerResult => ({ json: value });
  const id = (input: { params: Record<string, string> }) => input.params.id ?? '';
  return {
    health: () => json({ status: 'ok', version, default_models: ctx.registry.defaultModels() }),
    quickEval: ({ body }) => json(evaluations.quickEval(body)),
    createCustomer: ({ body }) => json(catalog.createCustomer(body)),
    listCustomers: () => json(catalog.listCustomers()),
    getCustomer: (input) => json(catalog.getCustomer(id(input))),
    createVendor: ({ body }) => json(catalog.createVendor(body)),
    listVendors: () => json(catalog.listVendors()),
    getVendor: (input) => json(catalog.getVendorWithProfile(id(input))),
    getVendorProfile: (input) => json(catalog.getVendorProfile(id(input))),
    createScenario: ({ body }) => json(catalog.createScenario(body)),
    listScenarios: () => json(catalog.listScenarios()),
    getScenario: (input) => json(catalog.getScenario(id(input))),
    createEvaluation: ({ body }) => json(publicEvaluation(evaluations.create(body))),
    listEvaluations: () => json(evaluations.list().map(publicEvaluation)),
    getEvaluation: (input) => json(publicEvaluation(evaluations.get(id(input)))),
    runEvaluation: (input) => json(evaluations.run(id(input))),
    getEvaluationStatus: (input) => json(evaluations.status(id(input))),
    getEvaluationEstimate: (input) => json(evaluations.estimate(id(input))),
    cancelEvaluation: (input) => json(evaluations.cancel(id(input))),
    getEvaluationScores: (input) => json(evaluations.scores(id(input))),
    getEvaluationDiagnosis: (input) => json(evaluations.diagnosis(id(input))),
    getEvaluationReport: async (input) => {
      if (input.query.format === 'json') return json(evaluations.report(id(input)));
      if (input.query.format === 'html') return { html: evaluations.reportHtml(id(input)) };
      return { pdf: await printReport(ctx, id(input)), filename: `vendor-evaluation-${id(input)}.pdf` };
    },
    listEvaluationRuns: (input) => json(evaluations.runs(id(input), input.query)),
    getRunTrace: (input) => json(evaluations.trace(id(input))),
  };
}

async function printReport(ctx: AppContext, evaluationId: string): Promise<Uint8Array> {
  const html = ctx.evaluations.reportHtml(evaluationId);
  try {
    return await ctx.reportPrinter.printPdf(html);
  } catch (error) {
    if (error instanceof PrinterUnavailableError) throw new HttpError(503, `The PDF cannot be printed here: ${error.message}`);
    throw error;
  }
}

/** The Evaluation resource without internal bookkeeping (phase, progress live in the status view). */
function publicEvaluation(record: ReturnType<AppContext['evaluations']['get']>) {
  const { phase: _phase, progress: _progress, spend: _spend, ...evaluation } = record;
  return { ...evaluation, max_cost_usd: evaluation.max_cost_usd ?? null, no_cache: evaluation.no_cache ?? false };
}

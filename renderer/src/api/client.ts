import type { z } from 'zod';
import { API_PREFIX, ROUTES, ReportQuerySchema, type EvaluationEstimate, type OperationId } from '../../../server/contracts';

/**
 * The typed API client: one function per operationId of the route table, so
 * paths, bodies and answers come from server/contracts. The renderer reaches
 * the server over HTTP on its own origin.
 */

type RouteOf<Op extends OperationId> = Extract<(typeof ROUTES)[number], { operationId: Op }>;
type ResponseOf<Op extends OperationId> = RouteOf<Op>['success'] extends { schema: infer S extends z.ZodType } ? z.output<S> : string;
type BodyOf<Op extends OperationId> = RouteOf<Op> extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
type QueryOf<Op extends OperationId> = RouteOf<Op> extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : undefined;

export interface FieldIssue {
  field: string;
  message: string;
}

/** An error answer of the server: its `detail` and, for validation errors, one issue per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fieldErrors: FieldIssue[] = [],
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}

/** The message a person should read for any failure of a call. */
export function describeError(failure: unknown): string {
  if (failure instanceof ApiError) return failure.detail;
  if (failure instanceof TypeError) return 'The Vendor Evaluation server did not answer. Check that it is running, then try again.';
  return failure instanceof Error ? failure.message : String(failure);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldIssuesOf(body: Record<string, unknown>): FieldIssue[] {
  const errors = body.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string'
      ? [{ field: entry.field, message: entry.message }]
      : [],
  );
}

function routeOf(operationId: OperationId) {
  const route = ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no route for ${operationId}`);
  return route;
}

export function pathOf(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function request(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${API_PREFIX}${path}`, {
    method: method.toUpperCase(),
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const payload: unknown = isJson ? await response.json() : await response.text();
  if (!response.ok) {
    const record = isRecord(payload) ? payload : {};
    const detail = typeof record.detail === 'string' ? record.detail : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, detail, fieldIssuesOf(record));
  }
  return payload;
}

interface CallInput<Op extends OperationId> {
  params?: Record<string, string>;
  query?: QueryOf<Op>;
  body?: BodyOf<Op>;
}

async function call<Op extends OperationId>(operationId: Op, input: CallInput<Op> = {}): Promise<ResponseOf<Op>> {
  const route = routeOf(operationId);
  const query = isRecord(input.query) ? input.query : undefined;
  const answer = await request(route.method, `${pathOf(route.path, input.params)}${queryString(query)}`, input.body);
  // The server validates and answers with the same contracts; the client does not re-parse,
  // so fields added later (intervals, token counts) reach the screens unchanged.
  return answer as ResponseOf<Op>;
}

const byId = (id: string) => ({ params: { id } });

export const api = {
  health: () => call('health'),
  quickEval: (body: BodyOf<'quickEval'>) => call('quickEval', { body }),
  createCustomer: (body: BodyOf<'createCustomer'>) => call('createCustomer', { body }),
  listCustomers: () => call('listCustomers'),
  getCustomer: (id: string) => call('getCustomer', byId(id)),
  createVendor: (body: BodyOf<'createVendor'>) => call('createVendor', { body }),
  listVendors: () => call('listVendors'),
  getVendor: (id: string) => call('getVendor', byId(id)),
  getVendorProfile: (id: string) => call('getVendorProfile', byId(id)),
  createScenario: (body: BodyOf<'createScenario'>) => call('createScenario', { body }),
  listScenarios: () => call('listScenarios'),
  getScenario: (id: string) => call('getScenario', byId(id)),
  createEvaluation: (body: BodyOf<'createEvaluation'>) => call('createEvaluation', { body }),
  listEvaluations: () => call('listEvaluations'),
  getEvaluation: (id: string) => call('getEvaluation', byId(id)),
  runEvaluation: (id: string) => call('runEvaluation', byId(id)),
  getEvaluationStatus: (id: string) => call('getEvaluationStatus', byId(id)),
  getEvaluationScores: (id: string) => call('getEvaluationScores', byId(id)),
  getEvaluationDiagnosis: (id: string) => call('getEvaluationDiagnosis', byId(id)),
  getEvaluationReport: (id: string) => call('getEvaluationReport', { params: { id } }),
  listEvaluationRuns: (id: string, query: QueryOf<'listEvaluationRuns'> = {}) => call('listEvaluationRuns', { params: { id }, query }),
  getRunTrace: (id: string) => call('getRunTrace', byId(id)),
  cancelEvaluation: (id: string) => call('cancelEvaluation', byId(id)),
  getEvaluationEstimate: (id: string) => call('getEvaluationEstimate', byId(id)),
  /** The report printed to PDF by the server; an ApiError (503) when the server has no browser to print with. */
  async getReportPdf(id: string): Promise<Blob> {
    const response = await fetch(reportUrl(id, 'pdf'));
    if (!response.ok) {
      const payload: unknown = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : {};
      const record = isRecord(payload) ? payload : {};
      throw new ApiError(response.status, typeof record.detail === 'string' ? record.detail : `${response.status} ${response.statusText}`);
    }
    return response.blob();
  },
} satisfies Record<OperationId, (...args: never[]) => Promise<unknown>> & Record<string, unknown>;

/** The estimate of an evaluation's cost, or null when the server cannot give one (404). */
export async function estimateOrNull(id: string): Promise<EvaluationEstimate | null> {
  try {
    return await api.getEvaluationEstimate(id);
  } catch (failure) {
    if (failure instanceof ApiError && failure.notFound) return null;
    throw failure;
  }
}

/** Where the report of an evaluation can be opened in a browser tab. */
export function reportUrl(evaluationId: string, format: 'html' | 'pdf' = 'html'): string {
  const base = `${API_PREFIX}/evaluations/${encodeURIComponent(evaluationId)}/report`;
  return format === 'html' ? base : `${base}?format=${format}`;
}

/** True when the contracts this renderer was built with let the report be asked for as PDF. */
export function reportOffersPdf(): boolean {
  return ReportQuerySchema.safeParse({ format: 'pdf' }).success;
}

import { z } from 'zod';
import { ErrorBodySchema, FunnelStageSchema, RunStatusSchema } from './common';
import {
  CustomerCreateSchema,
  CustomerSchema,
  EvaluationCreateSchema,
  EvaluationSchema,
  QuickEvalCreateSchema,
  QuickEvalResultSchema,
  RunStartedSchema,
  ScenarioCreateSchema,
  ScenarioSchema,
  VendorCreateSchema,
  VendorSchema,
  VendorWithProfileSchema,
} from './resources';
import { VendorProfileSchema } from './profile';
import {
  DiagnosisViewSchema,
  EvaluationCancelledSchema,
  EvaluationEstimateSchema,
  RunListSchema,
  RunTraceSchema,
  ScoresViewSchema,
  StatusViewSchema,
} from './views';

/**
 * The route table: one entry per endpoint. The express routes, the request
 * validation, the typed client and the OpenAPI document all derive from it.
 */

export const API_PREFIX = '/api/v1';

export type HttpMethod = 'get' | 'post';

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Media type when the response is not JSON. */
  contentType?: 'text/html';
}

export interface RouteSpec {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path relative to API_PREFIX, e.g. `/evaluations/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Success status and its response. */
  success: { status: 200 | 201 | 202 } & RouteResponse;
  /** Error statuses this route can answer besides 500. */
  errors: readonly (400 | 404 | 422 | 503)[];
}

const notFound = [404] as const;
const bodyErrors = [400, 422] as const;

export const ReportQuerySchema = z.object({
  format: z.enum(['html', 'json', 'pdf']).default('html').describe('html (default), json or pdf'),
});

export const RunListQuerySchema = z.object({
  stage: FunnelStageSchema.optional(),
  model: z.string().optional(),
  vendor_id: z.string().optional(),
  status: RunStatusSchema.optional(),
});

export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    default_models: z.array(z.string()).describe('models used when a request names none'),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

export const ROUTES = [
  {
    operationId: 'health',
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Liveness check and defaults',
    success: { status: 200, description: 'The service is up', schema: HealthSchema },
    errors: [],
  },
  {
    operationId: 'quickEval',
    method: 'post',
    path: '/quick-eval',
    tag: 'Quick eval',
    summary: 'Create customer, vendors, scenario and evaluation in one call',
    description:
      "Creates the customer, one vendor for the customer's own product and one per competitor, the scenario and the evaluation, all or nothing. Website ingestion starts in the background. Call POST /evaluations/{id}/run next.",
    body: QuickEvalCreateSchema,
    success: { status: 201, description: 'Everything was created', schema: QuickEvalResultSchema },
    errors: bodyErrors,
  },
  {
    operationId: 'createCustomer',
    method: 'post',
    path: '/customers',
    tag: 'Customers',
    summary: 'Create a customer',
    body: CustomerCreateSchema,
    success: { status: 201, description: 'The stored customer', schema: CustomerSchema },
    errors: bodyErrors,
  },
  {
    operationId: 'listCustomers',
    method: 'get',
    path: '/customers',
    tag: 'Customers',
    summary: 'List all customers, newest first',
    success: { status: 200, description: 'A JSON array of customers', schema: z.array(CustomerSchema) },
    errors: [],
  },
  {
    operationId: 'getCustomer',
    method: 'get',
    path: '/customers/{id}',
    tag: 'Customers',
    summary: 'Get one customer',
    success: { status: 200, description: 'The customer', schema: CustomerSchema },
    errors: notFound,
  },
  {
    operationId: 'createVendor',
    method: 'post',
    path: '/vendors',
    tag: 'Vendors',
    summary: 'Create a vendor',
    description: "Stores the vendor and starts ingesting its website in the background (see profile_status).",
    body: VendorCreateSchema,
    success: { status: 201, description: 'The stored vendor', schema: VendorSchema },
    errors: bodyErrors,
  },
  {
    operationId: 'listVendors',
    method: 'get',
    path: '/vendors',
    tag: 'Vendors',
    summary: 'List all vendors, newest first (without profiles)',
    success: { status: 200, description: 'A JSON array of vendors', schema: z.array(VendorSchema) },
    errors: [],
  },
  {
    operationId: 'getVendor',
    method: 'get',
    path: '/vendors/{id}',
    tag: 'Vendors',
    summary: 'Get one vendor with its ingested profile',
    success: { status: 200, description: 'The vendor and its profile', schema: VendorWithProfileSchema },
    errors: notFound,
  },
  {
    operationId: 'getVendorProfile',
    method: 'get',
    path: '/vendors/{id}/profile',
    tag: 'Vendors',
    summary: "Get a vendor's ingested profile",
    success: { status: 200, description: 'The ingested profile', schema: VendorProfileSchema },
    errors: notFound,
  },
  {
    operationId: 'createScenario',
    method: 'post',
    path: '/scenarios',
    tag: 'Scenarios',
    summary: 'Create a scenario (a buying task)',
    body: ScenarioCreateSchema,
    success: { status: 201, description: 'The stored scenario; its identifier field is id', schema: ScenarioSchema },
    errors: bodyErrors,
  },
  {
    operationId: 'listScenarios',
    method: 'get',
    path: '/scenarios',
    tag: 'Scenarios',
    summary: 'List all scenarios, newest first',
    success: { status: 200, description: 'A JSON array of scenarios', schema: z.array(ScenarioSchema) },
    errors: [],
  },
  {
    operationId: 'getScenario',
    method: 'get',
    path: '/scenarios/{id}',
    tag: 'Scenarios',
    summary: 'Get one scenario',
    success: { status: 200, description: 'The scenario', schema: ScenarioSchema },
    errors: notFound,
  },
  {
    operationId: 'createEvaluation',
    method: 'post',
    path: '/evaluations',
    tag: 'Evaluations',
    summary: 'Create an evaluation',
    description:
      'The customer, the scenario and every vendor must exist (422 names the unknown id otherwise). At least two vendors.',
    body: EvaluationCreateSchema,
    success: { status: 201, description: 'The evaluation, status created', schema: EvaluationSchema },
    errors: bodyErrors,
  },
  {
    operationId: 'listEvaluations',
    method: 'get',
    path: '/evaluations',
    tag: 'Evaluations',
    summary: 'List all evaluations, newest first',
    success: { status: 200, description: 'A JSON array of evaluations', schema: z.array(EvaluationSchema) },
    errors: [],
  },
  {
    operationId: 'getEvaluation',
    method: 'get',
    path: '/evaluations/{id}',
    tag: 'Evaluations',
    summary: 'Get one evaluation',
    success: { status: 200, description: 'The evaluation', schema: EvaluationSchema },
    errors: notFound,
  },
  {
    operationId: 'runEvaluation',
    method: 'post',
    path: '/evaluations/{id}/run',
    tag: 'Evaluations',
    summary: 'Start the agent runs (asynchronous)',
    description:
      'Answers at once. Allowed from created, completed and failed (a re-run replaces earlier runs and results); 400 while the evaluation is running. Follow progress at GET /evaluations/{id}/status.',
    success: { status: 202, description: 'The runs were started', schema: RunStartedSchema },
    errors: [400, 404],
  },
  {
    operationId: 'cancelEvaluation',
    method: 'post',
    path: '/evaluations/{id}/cancel',
    tag: 'Evaluations',
    summary: 'Cancel a running evaluation',
    description:
      'Calls in flight are aborted and runs not yet started are not run (they stay pending with an error saying so). The evaluation ends failed with the error "Cancelled by the user"; the runs that ended keep their traces and costs. 400 when the evaluation is not running.',
    success: { status: 202, description: 'Cancellation under way (status running) or done (status failed)', schema: EvaluationCancelledSchema },
    errors: [400, 404],
  },
  {
    operationId: 'getEvaluationEstimate',
    method: 'get',
    path: '/evaluations/{id}/estimate',
    tag: 'Evaluations',
    summary: 'Calls, tokens and USD the evaluation will spend, estimated before it runs',
    description:
      'From the plan (models x stages x vendors x samples), the vendors\' stored profiles (characters / 4 as tokens) and the price table. The assumptions are listed in the answer.',
    success: { status: 200, description: 'The estimate', schema: EvaluationEstimateSchema },
    errors: notFound,
  },
  {
    operationId: 'getEvaluationStatus',
    method: 'get',
    path: '/evaluations/{id}/status',
    tag: 'Evaluations',
    summary: 'Status and progress',
    success: { status: 200, description: 'Status view', schema: StatusViewSchema },
    errors: notFound,
  },
  {
    operationId: 'getEvaluationScores',
    method: 'get',
    path: '/evaluations/{id}/scores',
    tag: 'Evaluations',
    summary: 'Funnel scores, overall score and vendor rankings',
    description: '400 until the evaluation has completed.',
    success: { status: 200, description: 'Scores view', schema: ScoresViewSchema },
    errors: [400, 404],
  },
  {
    operationId: 'getEvaluationDiagnosis',
    method: 'get',
    path: '/evaluations/{id}/diagnosis',
    tag: 'Evaluations',
    summary: 'Root causes with fixes, prioritized by impact',
    description: '400 until the evaluation has completed.',
    success: { status: 200, description: 'Diagnosis view', schema: DiagnosisViewSchema },
    errors: [400, 404],
  },
  {
    operationId: 'getEvaluationReport',
    method: 'get',
    path: '/evaluations/{id}/report',
    tag: 'Evaluations',
    summary: 'The full report (HTML by default, JSON with ?format=json, PDF with ?format=pdf)',
    description:
      '400 until the evaluation has completed. PDF (application/pdf, as an attachment) is printed by the Chrome or Chromium installed on the server machine; 503 when none is found or it cannot start.',
    query: ReportQuerySchema,
    success: { status: 200, description: 'Self-contained HTML report', contentType: 'text/html' },
    errors: [400, 404, 422, 503],
  },
  {
    operationId: 'listEvaluationRuns',
    method: 'get',
    path: '/evaluations/{id}/runs',
    tag: 'Runs',
    summary: 'The runs of an evaluation (model x vendor x stage)',
    description: 'Optional filters: stage, model, vendor_id, status.',
    query: RunListQuerySchema,
    success: { status: 200, description: 'Runs in plan order', schema: RunListSchema },
    errors: [404, 422],
  },
  {
    operationId: 'getRunTrace',
    method: 'get',
    path: '/runs/{id}/trace',
    tag: 'Runs',
    summary: 'The full trace of one run',
    success: { status: 200, description: 'Run trace', schema: RunTraceSchema },
    errors: notFound,
  },
] as const satisfies readonly RouteSpec[];

export type OperationId = (typeof ROUTES)[number]['operationId'];

export { ErrorBodySchema };

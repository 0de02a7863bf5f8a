import { z } from 'zod';
import {
  EvaluationStatusSchema,
  IdSchema,
  ModelIdSchema,
  TimestampSchema,
  WebUrlSchema,
  requiredText,
} from './common';
import { ProfileStatusSchema, VendorProfileSchema } from './profile';

const idList = (what: string) =>
  z.array(IdSchema, { error: (issue) => (issue.input === undefined ? 'is required' : `must be an array of ${what} ids`) });

const RequirementsSchema = z
  .array(requiredText(500), { error: 'must be an array of strings' })
  .max(50, 'must hold at most 50 requirements');

const ModelsSchema = z
  .array(ModelIdSchema, { error: 'must be an array of model ids' })
  .min(1, 'must name at least one model')
  .max(10, 'must name at most 10 models')
  .refine((models) => new Set(models).size === models.length, 'must not repeat a model');

const SamplesSchema = z
  .number({ error: 'must be an integer from 1 to 10' })
  .int('must be an integer from 1 to 10')
  .min(1, 'must be at least 1')
  .max(10, 'must be at most 10');

const MaxCostSchema = z
  .number({ error: 'must be a number of US dollars' })
  .positive('must be more than 0')
  .max(1_000_000, 'must be at most 1000000');

const NoCacheSchema = z
  .boolean({ error: 'must be true or false' })
  .optional()
  .describe('ask the model providers afresh instead of answering from the response cache (default false)');

// ---------- Customer ----------

export const CustomerCreateSchema = z
  .object({
    name: requiredText(200),
    website_url: WebUrlSchema,
  })
  .meta({ id: 'CustomerCreate' });
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;

export const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    website_url: z.string(),
    created_at: TimestampSchema,
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof CustomerSchema>;

// ---------- Vendor ----------

export const VendorCreateSchema = z
  .object({
    name: requiredText(200),
    website_url: WebUrlSchema,
    description: z.string({ error: 'must be a string' }).trim().max(2000, 'must be at most 2000 characters').default(''),
  })
  .meta({ id: 'VendorCreate' });
export type VendorCreate = z.infer<typeof VendorCreateSchema>;

export const VendorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    website_url: z.string(),
    description: z.string(),
    created_at: TimestampSchema,
    profile_status: ProfileStatusSchema.describe('state of the ingested profile'),
    profile_updated_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'Vendor' });
export type Vendor = z.infer<typeof VendorSchema>;

export const VendorWithProfileSchema = VendorSchema.extend({ profile: VendorProfileSchema }).meta({
  id: 'VendorWithProfile',
});
export type VendorWithProfile = z.infer<typeof VendorWithProfileSchema>;

// ---------- Scenario ----------

export const ScenarioCreateSchema = z
  .object({
    task: requiredText(2000),
    category: requiredText(100),
    requirements: RequirementsSchema.default([]),
  })
  .meta({ id: 'ScenarioCreate' });
export type ScenarioCreate = z.infer<typeof ScenarioCreateSchema>;

export const BudgetSchema = z
  .object({
    amount: z.number(),
    currency: z.string(),
    period: z.enum(['month', 'year', 'one_time']),
  })
  .meta({ id: 'Budget' });
export type Budget = z.infer<typeof BudgetSchema>;

export const ScenarioSchema = z
  .object({
    id: z.string(),
    task: z.string(),
    category: z.string(),
    requirements: z.array(z.string()),
    budget: BudgetSchema.nullable().describe('the spending limit read from the task ("under $50 a month"), if any'),
    created_at: TimestampSchema,
  })
  .meta({ id: 'Scenario' });
export type Scenario = z.infer<typeof ScenarioSchema>;

// ---------- Evaluation ----------

export const EvaluationCreateSchema = z
  .object({
    customer_id: requiredText(200),
    scenario_id: requiredText(200),
    vendor_ids: idList('vendor')
      .min(2, 'must name at least two vendors')
      .max(20, 'must name at most 20 vendors')
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a vendor'),
    customer_vendor_id: IdSchema.optional().describe(
      "which of vendor_ids is the customer's own product; default: the vendor whose website has the customer's host",
    ),
    models: ModelsSchema.optional().describe('models that act as buying agents; default: the configured default list'),
    samples: SamplesSchema.optional().describe('samples per run; default 1 for rules, 3 for language models'),
    no_cache: NoCacheSchema,
    max_cost_usd: MaxCostSchema.optional().describe(
      'spending cap in USD: once the runs have cost this much, no further run starts and the evaluation fails saying so',
    ),
  })
  .meta({ id: 'EvaluationCreate' });
export type EvaluationCreate = z.infer<typeof EvaluationCreateSchema>;

export const EvaluationSchema = z
  .object({
    id: z.string(),
    customer_id: z.string(),
    scenario_id: z.string(),
    vendor_ids: z.array(z.string()),
    customer_vendor_id: z.string(),
    models: z.array(z.string()),
    samples: z.number().int().nullable().describe('samples per run; null means the per-model default'),
    max_cost_usd: z.number().nullable().describe('spending cap in USD, or null'),
    no_cache: z.boolean().describe('runs ask the models afresh instead of answering from the response cache'),
    status: EvaluationStatusSchema,
    error: z.string().nullable().describe('why the evaluation failed, in words a person can act on'),
    created_at: TimestampSchema,
    started_at: TimestampSchema.nullable(),
    completed_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'Evaluation' });
export type Evaluation = z.infer<typeof EvaluationSchema>;

// ---------- Quick eval ----------

export const QuickEvalCreateSchema = z
  .object({
    company_name: requiredText(200),
    website_url: WebUrlSchema,
    competitors: z
      .array(WebUrlSchema, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an array of URLs') })
      .min(1, 'must name at least one competitor website')
      .max(19, 'must name at most 19 competitors'),
    task: requiredText(2000),
    category: requiredText(100),
    requirements: RequirementsSchema.optional(),
    models: ModelsSchema.optional(),
    samples: SamplesSchema.optional(),
    no_cache: NoCacheSchema,
    max_cost_usd: MaxCostSchema.optional().describe('spending cap in USD (see EvaluationCreate)'),
  })
  .meta({ id: 'QuickEvalCreate' });
export type QuickEvalCreate = z.infer<typeof QuickEvalCreateSchema>;

export const QuickEvalResultSchema = z
  .object({
    evaluation_id: z.string(),
    customer_id: z.string(),
    vendor_ids: z.array(z.string()).describe("the customer's own product first, then each competitor in the order given"),
    scenario_id: z.string(),
    status: EvaluationStatusSchema,
    message: z.string(),
  })
  .meta({ id: 'QuickEvalResult' });
export type QuickEvalResult = z.infer<typeof QuickEvalResultSchema>;

export const RunStartedSchema = z
  .object({
    evaluation_id: z.string(),
    status: EvaluationStatusSchema,
    message: z.string(),
  })
  .meta({ id: 'RunStarted' });
export type RunStarted = z.infer<typeof RunStartedSchema>;

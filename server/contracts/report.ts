import { z } from 'zod';
import { EvaluationStatusSchema, FunnelStageSchema, ImpactSchema, TimestampSchema } from './common';
import { ProfileStatusSchema, PlanSchema } from './profile';
import { BudgetSchema } from './resources';
import { CausalVariantSchema, FailedModelSchema, StageIntervalSchema, TokenUsageSchema, TraceEvidenceSchema } from './views';

/**
 * The evaluation report as one JSON document: everything the HTML report
 * shows, so a script can build its own view from the same numbers.
 */

const StageScoreSchema = z.object({
  stage: FunnelStageSchema,
  label: z.string().describe('the stage name as a person reads it'),
  score: z.number().describe('0 to 100'),
  interval: StageIntervalSchema,
});

export const ReportMetaSchema = z.object({
  evaluation_id: z.string(),
  status: EvaluationStatusSchema,
  created_at: TimestampSchema,
  started_at: TimestampSchema.nullable(),
  completed_at: TimestampSchema.nullable(),
  generated_at: TimestampSchema,
  models: z.array(z.string()),
  partial: z.boolean().describe('true when some runs failed and the scores rest on the runs that completed'),
  failed_models: z.array(FailedModelSchema).describe('models every run of which failed, each with its first error'),
  runs: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
  }),
  cost_usd: z.number().describe("USD the runs cost, the causal-variant runs included (cached samples, rules and local models cost 0)"),
  tokens: TokenUsageSchema,
});

export const ReportCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  website_url: z.string(),
  vendor_id: z.string().describe("the vendor that is the customer's own product"),
  vendor_name: z.string(),
});

export const ReportScenarioSchema = z.object({
  id: z.string(),
  task: z.string(),
  category: z.string(),
  requirements: z.array(z.string()),
  budget: BudgetSchema.nullable(),
});

export const ReportTopFixSchema = z.object({
  priority: z.number().int().describe('position in the recommendations, 1 first'),
  stage: FunnelStageSchema,
  issue: z.string(),
  fix: z.string(),
  impact: ImpactSchema,
  points_lost: z.number().describe('stage points on 0 to 100'),
  measured_overall_delta: z
    .number()
    .nullable()
    .describe('overall points gained when the fix was applied and re-scored (mean over models); null when not measured'),
});

export const ReportHeadlineSchema = z.object({
  overall_score: z.number().describe("0 to 100: mean of the customer's five stage scores"),
  overall_interval: StageIntervalSchema,
  rank: z.number().int().describe('1 is best'),
  vendor_count: z.number().int(),
  strongest_stage: StageScoreSchema,
  weakest_stage: StageScoreSchema,
  top_fix: ReportTopFixSchema.nullable(),
});

export const ReportVendorComparisonSchema = z.object({
  vendor_id: z.string(),
  name: z.string(),
  website_url: z.string(),
  is_customer: z.boolean(),
  overall: z.number().describe('0 to 100'),
  overall_interval: StageIntervalSchema,
  rank: z.number().int().describe('1 is best; equal scores share a rank'),
  tied_with: z.array(z.string()).describe('names of the vendors whose overall interval overlaps this one'),
  stages: z.array(
    z.object({
      stage: FunnelStageSchema,
      score: z.number().describe('0 to 100'),
      interval: StageIntervalSchema,
      rank: z.number().int().describe('rank among the vendors on this stage; equal scores share a rank'),
    }),
  ),
});

export const ReportMeasuredEffectSchema = z.object({
  model: z.string(),
  stage: FunnelStageSchema,
  stage_baseline: z.number(),
  stage_variant: z.number(),
  stage_delta: z.number(),
  overall_baseline: z.number(),
  overall_variant: z.number(),
  overall_delta: z.number(),
  stage_delta_interval: StageIntervalSchema.optional().describe('95% interval of stage_delta (absent in reports of older evaluations)'),
  error: z.string().nullable().optional().describe('why some stage of the variant could not be measured'),
});

export const ReportRootCauseSchema = z.object({
  priority: z
    .number()
    .int()
    .describe("1 first: the customer's root causes, then the competitors'; within each, by points lost, highest first"),
  vendor_id: z.string(),
  vendor_name: z.string(),
  is_customer: z.boolean(),
  stage: FunnelStageSchema,
  code: z.string(),
  impact: ImpactSchema,
  points_lost: z.number(),
  issue: z.string(),
  fix: z.string(),
  evidence: z.array(z.object({ source_url: z.string(), detail: z.string() })),
  measured_effects: z.array(ReportMeasuredEffectSchema).describe('the causal variants that applied this fix, one per model'),
});

export const ReportTraceExcerptSchema = z.object({
  run_id: z.string(),
  model: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  stage: FunnelStageSchema,
  score: z.number().describe('run score, 0 to 10'),
  justification: z.string(),
  reasoning: z.string(),
  prompt_excerpt: z.string().describe('the beginning of the prompt; ends with an ellipsis when cut'),
  prompt_length: z.number().int().describe('characters in the full prompt'),
  response_excerpt: z.string().describe('the beginning of the response; ends with an ellipsis when cut'),
  response_length: z.number().int(),
  evidence: z.array(TraceEvidenceSchema),
});

export const ReportFailedRunSchema = z.object({
  run_id: z.string(),
  model: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  stage: FunnelStageSchema,
  error: z.string(),
});

export const ReportCheapestPlanSchema = PlanSchema.pick({ name: true, price: true, currency: true, period: true, is_free: true });

export const ReportProfileSummarySchema = z.object({
  vendor_id: z.string(),
  name: z.string(),
  website_url: z.string(),
  is_customer: z.boolean(),
  status: ProfileStatusSchema,
  summary: z.string(),
  ingested_at: TimestampSchema.nullable(),
  pricing: z.object({
    published: z.boolean(),
    plan_count: z.number().int(),
    cheapest_plan: ReportCheapestPlanSchema.nullable(),
    free_tier: z.boolean(),
    contact_sales: z.boolean(),
    pricing_url: z.string().nullable(),
  }),
  documentation: z.object({
    found: z.boolean(),
    quality_score: z.number().describe('0 to 100'),
    docs_url: z.string().nullable(),
  }),
  api: z.object({ has_api: z.boolean(), sandbox: z.boolean() }),
  signup: z.object({
    self_serve: z.boolean(),
    checkout: z.boolean(),
    sales_gate: z.boolean(),
    signup_url: z.string().nullable(),
  }),
  problem_count: z.number().int(),
  source_urls: z.array(z.string()).describe('pages read, after redirects'),
});

export const ReportDefinitionSchema = z.object({
  term: z.string(),
  scale: z.string(),
  definition: z.string(),
});

export const ReportSchema = z
  .object({
    meta: ReportMetaSchema,
    customer: ReportCustomerSchema,
    scenario: ReportScenarioSchema,
    headline: ReportHeadlineSchema,
    funnel: z.array(StageScoreSchema).describe("the customer's stage scores in funnel order"),
    comparison: z.array(ReportVendorComparisonSchema).describe('every vendor, best rank first'),
    diagnosis: z.object({
      root_causes: z.array(ReportRootCauseSchema).describe('in priority order'),
      causal_variants: z.array(CausalVariantSchema),
    }),
    traces: z.object({
      lowest_by_stage: z
        .array(ReportTraceExcerptSchema)
        .describe("for each stage, the customer's lowest-scoring completed run"),
      failed_runs: z.array(ReportFailedRunSchema),
    }),
    profiles: z.array(ReportProfileSummarySchema).describe("the customer's product first"),
    definitions: z.array(ReportDefinitionSchema),
  })
  .meta({ id: 'Report' });

export type ReportDocument = z.infer<typeof ReportSchema>;
export type ReportStageScore = z.infer<typeof StageScoreSchema>;
export type ReportMeta = z.infer<typeof ReportMetaSchema>;
export type ReportHeadline = z.infer<typeof ReportHeadlineSchema>;
export type ReportTopFix = z.infer<typeof ReportTopFixSchema>;
export type ReportVendorComparison = z.infer<typeof ReportVendorComparisonSchema>;
export type ReportRootCause = z.infer<typeof ReportRootCauseSchema>;
export type ReportMeasuredEffect = z.infer<typeof ReportMeasuredEffectSchema>;
export type ReportTraceExcerpt = z.infer<typeof ReportTraceExcerptSchema>;
export type ReportFailedRun = z.infer<typeof ReportFailedRunSchema>;
export type ReportProfileSummary = z.infer<typeof ReportProfileSummarySchema>;
export type ReportCheapestPlan = z.infer<typeof ReportCheapestPlanSchema>;

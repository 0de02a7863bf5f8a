import { z } from 'zod';
import {
  EvaluationStatusSchema,
  FunnelStageSchema,
  ImpactSchema,
  RunStatusSchema,
  TimestampSchema,
} from './common';

/** Scores of one vendor per funnel stage, each on 0 to 100. */
export const FunnelScoresSchema = z
  .object({
    consideration: z.number(),
    comprehension: z.number(),
    preference: z.number(),
    executability: z.number(),
    completion: z.number(),
  })
  .meta({ id: 'FunnelScores' });
export type FunnelScores = z.infer<typeof FunnelScoresSchema>;

export const StatusViewSchema = z
  .object({
    evaluation_id: z.string(),
    status: EvaluationStatusSchema,
    progress: z.object({
      completed_runs: z.number().int().describe('runs that have ended, completed or failed'),
      total_runs: z.number().int(),
      failed_runs: z.number().int(),
    }),
    phase: z
      .enum(['idle', 'ingesting', 'running', 'scoring', 'done'])
      .describe('what the evaluation is doing now'),
    error: z.string().nullable(),
    started_at: TimestampSchema.nullable(),
    completed_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'StatusView' });
export type StatusView = z.infer<typeof StatusViewSchema>;

export const StageIntervalSchema = z.object({
  mean: z.number(),
  low: z.number(),
  high: z.number(),
  n: z.number().int().describe('run samples behind the mean'),
});

export const VendorRankingSchema = z
  .object({
    vendor_id: z.string(),
    name: z.string(),
    score: z.number().describe('0 to 100: mean of the five funnel stage scores'),
    rank: z.number().int().describe('1 is best; equal scores share a rank'),
    is_customer: z.boolean(),
    funnel_scores: FunnelScoresSchema,
  })
  .meta({ id: 'VendorRanking' });
export type VendorRanking = z.infer<typeof VendorRankingSchema>;

export const ScoresViewSchema = z
  .object({
    evaluation_id: z.string(),
    customer_vendor_id: z.string(),
    overall_score: z.number().describe("0 to 100: mean of the customer's five funnel stage scores"),
    funnel_scores: FunnelScoresSchema.describe("the customer's product, 0 to 100 per stage"),
    vendor_rankings: z.array(VendorRankingSchema),
    partial: z.boolean().describe('true when some runs failed and the scores rest on the runs that completed'),
    models: z.array(z.string()),
    scale: z.object({
      run: z.literal('0-10'),
      funnel: z.literal('0-100'),
      overall: z.literal('0-100'),
    }),
  })
  .meta({ id: 'ScoresView' });
export type ScoresView = z.infer<typeof ScoresViewSchema>;

export const RootCauseSchema = z
  .object({
    stage: FunnelStageSchema,
    issue: z.string(),
    impact: ImpactSchema.describe('high, medium or low: how many score points on 0-100 the stage loses to it'),
    fix: z.string(),
    code: z.string().describe('stable identifier of the kind of cause, e.g. pricing_not_published'),
    vendor_id: z.string(),
    points_lost: z.number().describe('stage points on 0 to 100 attributable to this cause'),
    evidence: z.array(z.object({ source_url: z.string(), detail: z.string() })),
  })
  .meta({ id: 'RootCause' });
export type RootCause = z.infer<typeof RootCauseSchema>;

export const CausalVariantSchema = z
  .object({
    code: z.string().describe('the root cause whose fix was applied'),
    fix: z.string(),
    model: z.string(),
    stage_deltas: z.array(
      z.object({
        stage: FunnelStageSchema,
        baseline: z.number().describe('stage score 0 to 100 as measured'),
        variant: z.number().describe('stage score 0 to 100 with the fix applied to the profile'),
        delta: z.number(),
      }),
    ),
    overall_baseline: z.number(),
    overall_variant: z.number(),
    overall_delta: z.number(),
  })
  .meta({ id: 'CausalVariant' });
export type CausalVariant = z.infer<typeof CausalVariantSchema>;

export const DiagnosisViewSchema = z
  .object({
    evaluation_id: z.string(),
    customer_vendor_id: z.string(),
    root_causes: z.array(RootCauseSchema).describe('highest impact first'),
    causal_variants: z
      .array(CausalVariantSchema)
      .describe("the customer's top root causes re-scored with the fix applied to its profile"),
  })
  .meta({ id: 'DiagnosisView' });
export type DiagnosisView = z.infer<typeof DiagnosisViewSchema>;

export const RunSchema = z
  .object({
    id: z.string(),
    evaluation_id: z.string(),
    model: z.string(),
    vendor_id: z.string(),
    vendor_name: z.string(),
    stage: FunnelStageSchema,
    status: RunStatusSchema,
    score: z.number().nullable().describe('0 to 10; null until the run completes'),
    error: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof RunSchema>;

export const RunListSchema = z
  .object({
    evaluation_id: z.string(),
    runs: z.array(RunSchema),
  })
  .meta({ id: 'RunList' });
export type RunList = z.infer<typeof RunListSchema>;

export const TraceEvidenceSchema = z.object({
  quote: z.string(),
  source_url: z.string(),
  supported: z.boolean().describe('the quote appears in the text stored for that URL'),
});
export type TraceEvidence = z.infer<typeof TraceEvidenceSchema>;

export const TraceSampleSchema = z.object({
  sample: z.number().int(),
  prompt: z.string(),
  response: z.string(),
  reasoning: z.string(),
  justification: z.string(),
  score: z.number().nullable(),
  evidence: z.array(TraceEvidenceSchema),
  duration_ms: z.number().int(),
  temperature: z.number().nullable(),
  seed: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TraceSample = z.infer<typeof TraceSampleSchema>;

export const RunTraceSchema = z
  .object({
    run_id: z.string(),
    evaluation_id: z.string(),
    model: z.string(),
    vendor: z.string().describe('vendor name'),
    vendor_id: z.string(),
    stage: FunnelStageSchema,
    status: RunStatusSchema,
    prompt: z.string().describe('full prompt given to the model (first sample)'),
    response: z.string().describe('full model response (first sample)'),
    reasoning: z.string(),
    justification: z.string().describe('why the score is what it is'),
    evidence: z.array(TraceEvidenceSchema),
    score: z.number().nullable().describe('0 to 10, mean over samples'),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    samples: z.array(TraceSampleSchema),
    started_at: TimestampSchema.nullable(),
    completed_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'RunTrace' });
export type RunTrace = z.infer<typeof RunTraceSchema>;

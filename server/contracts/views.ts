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

/** Token counts a provider billed; cached answers and the rules agent bill none. */
export const TokenUsageSchema = z
  .object({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
  })
  .meta({ id: 'TokenUsage' });
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

export const StageIntervalSchema = z
  .object({
    mean: z.number().describe('the score the interval is centred on'),
    low: z.number(),
    high: z.number(),
    n: z
      .number()
      .int()
      .describe('sample scores behind the mean (for an overall score: the fewest behind any stage); with n = 1, low = high = mean: one sample shows no spread'),
  })
  .describe('95% confidence interval on 0 to 100, from the t-distribution over the sample scores')
  .meta({ id: 'StageInterval' });
export type StageInterval = z.infer<typeof StageIntervalSchema>;

export const FunnelIntervalsSchema = z
  .object({
    consideration: StageIntervalSchema,
    comprehension: StageIntervalSchema,
    preference: StageIntervalSchema,
    executability: StageIntervalSchema,
    completion: StageIntervalSchema,
  })
  .meta({ id: 'FunnelIntervals' });
export type FunnelIntervals = z.infer<typeof FunnelIntervalsSchema>;

export const FailedModelSchema = z
  .object({
    model: z.string(),
    error: z.string().describe("the first error among the model's runs"),
  })
  .meta({ id: 'FailedModel' });
export type FailedModel = z.infer<typeof FailedModelSchema>;

export const StatusViewSchema = z
  .object({
    evaluation_id: z.string(),
    status: EvaluationStatusSchema,
    progress: z.object({
      completed_runs: z.number().int().describe('runs that have ended, completed or failed'),
      total_runs: z.number().int().describe("the plan's runs, and from phase 'variants' on the causal-variant runs too"),
      failed_runs: z.number().int(),
    }),
    phase: z
      .enum(['idle', 'ingesting', 'running', 'scoring', 'variants', 'done'])
      .describe("what the evaluation is doing now; 'variants': re-running stages for the customer with a root cause fixed, after the plan's runs"),
    error: z.string().nullable(),
    started_at: TimestampSchema.nullable(),
    completed_at: TimestampSchema.nullable(),
    cost_usd: z.number().describe('USD spent so far: the sum of the runs\' costs (cached samples and local models cost 0)'),
    tokens: TokenUsageSchema.describe('tokens billed so far, summed over runs'),
    max_cost_usd: z.number().nullable().describe('the spending cap, or null when there is none'),
    failed_models: z
      .array(FailedModelSchema)
      .describe('once completed: models every run of which failed, with the first error (as in the scores view)'),
  })
  .meta({ id: 'StatusView' });
export type StatusView = z.infer<typeof StatusViewSchema>;


export const VendorRankingSchema = z
  .object({
    vendor_id: z.string(),
    name: z.string(),
    score: z.number().describe('0 to 100: mean of the five funnel stage scores'),
    rank: z.number().int().describe('1 is best; equal scores share a rank'),
    is_customer: z.boolean(),
    funnel_scores: FunnelScoresSchema,
    interval: StageIntervalSchema.describe('95% confidence interval of the ranking score'),
    funnel_intervals: FunnelIntervalsSchema.describe('95% confidence interval of each stage score'),
    tied_with: z
      .array(z.string())
      .describe('vendor ids whose ranking-score interval overlaps this one: the samples cannot tell these vendors apart'),
  })
  .meta({ id: 'VendorRanking' });
export type VendorRanking = z.infer<typeof VendorRankingSchema>;

export const ScoresViewSchema = z
  .object({
    evaluation_id: z.string(),
    customer_vendor_id: z.string(),
    overall_score: z.number().describe("0 to 100: mean of the customer's five funnel stage scores"),
    funnel_scores: FunnelScoresSchema.describe("the customer's product, 0 to 100 per stage"),
    overall_interval: StageIntervalSchema.describe('95% confidence interval of the overall score'),
    funnel_intervals: FunnelIntervalsSchema.describe("95% confidence interval of each of the customer's stage scores"),
    interval_level: z.literal(0.95).describe('confidence level of every interval'),
    vendor_rankings: z.array(VendorRankingSchema),
    partial: z.boolean().describe('true when some runs failed and the scores rest on the runs that completed'),
    models: z.array(z.string()),
    failed_models: z
      .array(FailedModelSchema)
      .describe('models every run of which failed: the scores rest on the other models alone'),
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
    model: z
      .string()
      .describe("the agent that scored the variant: 'rules' re-scores every stage exactly; a language model re-runs the stages the fix can move"),
    stage_deltas: z.array(
      z.object({
        stage: FunnelStageSchema,
        baseline: z.number().describe("stage score 0 to 100 as measured (for a language model: that model's sample mean)"),
        variant: z.number().describe('stage score 0 to 100 with the fix applied to the profile; a stage not re-run copies the baseline'),
        delta: z.number().describe('variant − baseline; 0 for a stage not re-run'),
        delta_interval: StageIntervalSchema.describe(
          "95% interval of the delta: Welch's over the two sample sets for a language model (n = the smaller side, 0 for a stage not re-run); the rules agent is deterministic, so n = 1 and the delta is exact",
        ),
      }),
    ),
    overall_baseline: z.number(),
    overall_variant: z.number(),
    overall_delta: z.number(),
    overall_delta_interval: StageIntervalSchema,
    run_ids: z
      .array(z.string())
      .optional()
      .describe("a language model's variant runs, whose traces GET /runs/{run_id}/trace returns; absent for rules"),
    error: z
      .string()
      .nullable()
      .optional()
      .describe("set when some variant run could not be measured (failed, not run at the spending cap, no baseline): stages without a measurement keep delta 0 with n = 0"),
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
      .describe("the customer's top root causes re-scored with the fix applied to its profile: by rules, and measured by each language model of the evaluation"),
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
    usage: TokenUsageSchema.describe('tokens billed over the samples; cached samples add none'),
    cost_usd: z.number().describe('USD over the samples at the price table; cached samples, rules and local models cost 0'),
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
    usage: TokenUsageSchema.describe('tokens billed over the samples; cached samples add none'),
    cost_usd: z.number(),
    cached_samples: z.number().int().describe('samples answered from the response cache, at no cost'),
    started_at: TimestampSchema.nullable(),
    completed_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'RunTrace' });
export type RunTrace = z.infer<typeof RunTraceSchema>;

export const ModelEstimateSchema = z.object({
  model: z.string(),
  calls: z.number().int().describe('vendors x stages x samples'),
  samples: z.number().int().describe('samples per run'),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number(),
  priced: z.boolean().describe('false when the price table has no entry for the model: its cost is counted as 0'),
  input_usd_per_million: z.number().nullable(),
  output_usd_per_million: z.number().nullable(),
});
export type ModelEstimate = z.infer<typeof ModelEstimateSchema>;

export const EvaluationEstimateSchema = z
  .object({
    evaluation_id: z.string(),
    calls: z.number().int().describe('agent calls the plan makes: models x stages x vendors x samples'),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost_usd: z.number(),
    per_model: z.array(ModelEstimateSchema),
    assumptions: z.array(z.string()).describe('how the figures were reached, in words'),
  })
  .meta({ id: 'EvaluationEstimate' });
export type EvaluationEstimate = z.infer<typeof EvaluationEstimateSchema>;

export const EvaluationCancelledSchema = z
  .object({
    evaluation_id: z.string(),
    status: EvaluationStatusSchema,
    message: z.string(),
  })
  .meta({ id: 'EvaluationCancelled' });
export type EvaluationCancelled = z.infer<typeof EvaluationCancelledSchema>;

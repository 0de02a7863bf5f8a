import { z } from 'zod';
import type { OutputSchema } from '../llm-provider';

/**
 * What the model must answer, twice over: a JSON schema the provider enforces
 * where it can (strict: every field required, nothing extra), and a zod schema
 * that checks the answer here, because not every server enforces the first.
 */

const evidenceJson = {
  type: 'array',
  description: 'exact quotes copied from the vendor data that support the score',
  items: {
    type: 'object',
    properties: {
      quote: { type: 'string', description: 'text copied word for word from a page text' },
      source_url: { type: 'string', description: 'the URL of the page the quote comes from' },
    },
    required: ['quote', 'source_url'],
    additionalProperties: false,
  },
};

const scoreJson = { type: 'number', description: 'from 0 (not at all) to 10 (completely)' };

export const STAGE_SCORE_SCHEMA: OutputSchema = {
  name: 'stage_score',
  schema: {
    type: 'object',
    properties: {
      reasoning: { type: 'string', description: 'your step-by-step thinking as the buyer' },
      score: scoreJson,
      justification: { type: 'string', description: 'one or two sentences on why the score is what it is' },
      evidence: evidenceJson,
    },
    required: ['reasoning', 'score', 'justification', 'evidence'],
    additionalProperties: false,
  },
};

export const UNAIDED_SCHEMA: OutputSchema = {
  name: 'unaided_recall',
  schema: {
    type: 'object',
    properties: {
      vendors: { type: 'array', items: { type: 'string' }, description: 'vendor or product names you would consider, best first' },
      reasoning: { type: 'string' },
    },
    required: ['vendors', 'reasoning'],
    additionalProperties: false,
  },
};

export const PREFERENCE_SCHEMA: OutputSchema = {
  name: 'vendor_comparison',
  schema: {
    type: 'object',
    properties: {
      reasoning: { type: 'string', description: 'how the vendors compare for this buyer' },
      vendors: {
        type: 'array',
        description: 'every vendor of the comparison, once each',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'the vendor name exactly as given in its data block' },
            score: scoreJson,
            justification: { type: 'string' },
            evidence: evidenceJson,
          },
          required: ['name', 'score', 'justification', 'evidence'],
          additionalProperties: false,
        },
      },
    },
    required: ['reasoning', 'vendors'],
    additionalProperties: false,
  },
};

const Score = z.number({ error: 'score must be a number' }).min(0, 'score must be at least 0').max(10, 'score must be at most 10');
const Quote = z.object({ quote: z.string(), source_url: z.string() });

export const StageScoreAnswer = z.object({
  reasoning: z.string(),
  score: Score,
  justification: z.string(),
  evidence: z.array(Quote),
});
export type StageScoreAnswer = z.infer<typeof StageScoreAnswer>;

export const UnaidedAnswer = z.object({ vendors: z.array(z.string()), reasoning: z.string() });
export type UnaidedAnswer = z.infer<typeof UnaidedAnswer>;

export const PreferenceAnswer = z.object({
  reasoning: z.string(),
  vendors: z.array(z.object({ name: z.string(), score: Score, justification: z.string(), evidence: z.array(Quote) })),
});
export type PreferenceAnswer = z.infer<typeof PreferenceAnswer>;

export type ParsedAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

/** Reads a model's text as JSON of the given shape; tolerates a markdown fence around it. */
export function parseAnswer<T>(text: string, schema: z.ZodType<T>): ParsedAnswer<T> {
  const unfenced = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch (error) {
    return { ok: false, error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, error: `does not match the schema (${issues.slice(0, 5).join('; ')})` };
}

import { z } from 'zod';

/** The five funnel stages, in funnel order. */
export const FUNNEL_STAGES = [
  'consideration',
  'comprehension',
  'preference',
  'executability',
  'completion',
] as const;
export const FunnelStageSchema = z.enum(FUNNEL_STAGES);
export type FunnelStage = z.infer<typeof FunnelStageSchema>;

export const EVALUATION_STATUSES = ['created', 'running', 'completed', 'failed'] as const;
export const EvaluationStatusSchema = z.enum(EVALUATION_STATUSES);
export type EvaluationStatus = z.infer<typeof EvaluationStatusSchema>;

export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const IMPACTS = ['high', 'medium', 'low'] as const;
export const ImpactSchema = z.enum(IMPACTS);
export type Impact = z.infer<typeof ImpactSchema>;

export const IdSchema = z.string().min(1).max(200);
export const TimestampSchema = z.string().describe('ISO 8601 UTC timestamp');

const BARE_HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(:\d+)?([/?#].*)?$/i;

/**
 * An http(s) URL. A bare host name such as `acme.com/pricing` is accepted and
 * read as `https://acme.com/pricing`, because that is how people type websites.
 */
export const WebUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string holding an http(s) URL') })
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    const candidate = !value.includes('://') && BARE_HOST.test(value) ? `https://${value}` : value;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL, got ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: `must use http or https, got ${JSON.stringify(url.protocol.replace(/:$/, ''))}` });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must not carry a user name or password' });
      return z.NEVER;
    }
    return url.toString();
  })
  .meta({ type: 'string', format: 'uri', description: 'http(s) URL; a bare host such as acme.com is read as https://acme.com/' });

export function requiredText(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);
}

/** Model identifiers: `rules`, `openai:<model>`, `gemini:<model>`, `ollama:<model>`. */
export const ModelIdSchema = z
  .string({ error: 'must be a model id such as "rules" or "openai:gpt-4o-mini"' })
  .trim()
  .regex(/^(rules|[a-z][a-z0-9-]*:[A-Za-z0-9._:\/-]+)$/, 'must be "rules" or "<provider>:<model>", for example "openai:gpt-4o-mini"');

export const ErrorBodySchema = z
  .object({
    detail: z.string().describe('human-readable message'),
    status_code: z.number().int().describe('repeats the HTTP status (open mode)'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('one entry per invalid field (validation errors only)'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

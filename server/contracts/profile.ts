import { z } from 'zod';
import { TimestampSchema } from './common';

/**
 * The ingested profile of a vendor: what an agent can learn from the vendor's
 * website. Every fact carries the URL it came from (`source_url`) and, where
 * one exists, the text it was read from (`quote`).
 */

export const EvidenceSchema = z
  .object({
    source_url: z.string().describe('page the fact was read from'),
    quote: z.string().describe('the text on that page the fact was read from (at most 300 characters)'),
  })
  .meta({ id: 'Evidence' });
export type Evidence = z.infer<typeof EvidenceSchema>;

export const PAGE_KINDS = ['home', 'pricing', 'docs', 'api', 'signup', 'features', 'robots', 'llms', 'other'] as const;
export const PageKindSchema = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof PageKindSchema>;

export const PROBLEM_KINDS = [
  'unreachable', // DNS, connection refused, reset
  'timeout', // no complete answer within the time bound
  'http_error', // 4xx / 5xx status
  'too_large', // body larger than the size bound (truncated)
  'not_html', // content type is not HTML or text
  'redirect_limit', // too many redirects, or a redirect loop
  'robots_disallowed', // robots.txt forbids fetching the page
  'page_limit', // more pages were linked than the page bound allows
  'invalid_url',
] as const;
export const ProblemKindSchema = z.enum(PROBLEM_KINDS);
export type ProblemKind = z.infer<typeof ProblemKindSchema>;

export const IngestionProblemSchema = z.object({
  url: z.string(),
  kind: ProblemKindSchema,
  detail: z.string(),
});
export type IngestionProblem = z.infer<typeof IngestionProblemSchema>;

export const PageSchema = z.object({
  url: z.string().describe('URL requested'),
  final_url: z.string().describe('URL after redirects'),
  kind: PageKindSchema,
  http_status: z.number().int(),
  content_type: z.string(),
  title: z.string(),
  bytes: z.number().int(),
  duration_ms: z.number().int(),
  redirects: z.array(z.string()).describe('each URL that redirected, in order'),
  truncated: z.boolean(),
  text: z.string().describe('visible text of the page, whitespace collapsed, at most 20,000 characters'),
});
export type Page = z.infer<typeof PageSchema>;

export const PlanSchema = z.object({
  name: z.string(),
  price: z.number().nullable().describe('price per period in `currency`; null when the plan says "contact us"'),
  currency: z.string().nullable().describe('ISO 4217 code, for example USD'),
  period: z.enum(['month', 'year', 'one_time', 'usage', 'unknown']),
  is_free: z.boolean(),
  contact_sales: z.boolean(),
  evidence: EvidenceSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

export const PricingSchema = z.object({
  published: z.boolean().describe('at least one plan shows a price (a free plan counts)'),
  currency: z.string().nullable(),
  plans: z.array(PlanSchema),
  free_tier: z.boolean(),
  free_trial: z.boolean(),
  contact_sales: z.boolean().describe('the site asks buyers to contact sales for prices'),
  pricing_url: z.string().nullable(),
  evidence: z.array(EvidenceSchema),
});
export type Pricing = z.infer<typeof PricingSchema>;

export const FeatureSchema = z.object({
  text: z.string(),
  evidence: EvidenceSchema,
});
export type Feature = z.infer<typeof FeatureSchema>;

export const DocumentationSchema = z.object({
  found: z.boolean(),
  docs_url: z.string().nullable(),
  pages: z.number().int().describe('documentation pages read'),
  has_quickstart: z.boolean(),
  has_code_samples: z.boolean(),
  code_languages: z.array(z.string()),
  has_api_reference: z.boolean(),
  has_search: z.boolean(),
  quality_score: z
    .number()
    .describe('0 to 100: 25 found, +20 quickstart, +20 code samples, +20 API reference, +15 spread over several pages'),
  evidence: z.array(EvidenceSchema),
});
export type Documentation = z.infer<typeof DocumentationSchema>;

export const ApiInfoSchema = z.object({
  has_api: z.boolean(),
  reference_url: z.string().nullable(),
  openapi_url: z.string().nullable().describe('a machine-readable API description (OpenAPI / Swagger) when linked'),
  auth_methods: z.array(z.string()).describe('api_key, oauth, bearer_token, basic'),
  sdks: z.array(z.string()).describe('languages with an official SDK or library'),
  base_url: z.string().nullable(),
  rate_limits_documented: z.boolean(),
  webhooks: z.boolean(),
  sandbox: z.boolean().describe('a test mode or sandbox is offered'),
  evidence: z.array(EvidenceSchema),
});
export type ApiInfo = z.infer<typeof ApiInfoSchema>;

export const SignupSchema = z.object({
  self_serve: z.boolean().describe('an account can be created without talking to anyone'),
  signup_url: z.string().nullable(),
  checkout: z.boolean().describe('a plan can be bought online (card / checkout / upgrade)'),
  sales_gate: z.boolean().describe('buying requires a demo, a quote or a sales call'),
  evidence: z.array(EvidenceSchema),
});
export type Signup = z.infer<typeof SignupSchema>;

export const SiteSchema = z.object({
  title: z.string(),
  description: z.string(),
  robots_txt: z.boolean(),
  ai_agents_blocked: z.array(z.string()).describe('user agents of AI crawlers that robots.txt disallows from the whole site'),
  llms_txt: z.boolean(),
  sitemap: z.boolean(),
  structured_data: z.boolean().describe('the home page carries JSON-LD'),
});
export type Site = z.infer<typeof SiteSchema>;

export const PROFILE_STATUSES = ['pending', 'ok', 'partial', 'unreachable'] as const;
export const ProfileStatusSchema = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof ProfileStatusSchema>;

export const VendorProfileSchema = z
  .object({
    vendor_id: z.string(),
    website_url: z.string(),
    status: ProfileStatusSchema.describe(
      'ok: the home page and linked pages were read; partial: some pages failed or were cut; unreachable: the home page could not be read; pending: not ingested yet',
    ),
    summary: z.string().describe('one sentence a person can read, saying what was found or what went wrong'),
    ingested_at: TimestampSchema.nullable(),
    duration_ms: z.number().int(),
    site: SiteSchema,
    pricing: PricingSchema,
    features: z.array(FeatureSchema),
    documentation: DocumentationSchema,
    api: ApiInfoSchema,
    signup: SignupSchema,
    pages: z.array(PageSchema),
    problems: z.array(IngestionProblemSchema),
  })
  .meta({ id: 'VendorProfile' });
export type VendorProfile = z.infer<typeof VendorProfileSchema>;

/** A profile before any ingestion: every topic empty. */
export function emptyProfile(vendorId: string, websiteUrl: string): VendorProfile {
  return {
    vendor_id: vendorId,
    website_url: websiteUrl,
    status: 'pending',
    summary: 'Not ingested yet.',
    ingested_at: null,
    duration_ms: 0,
    site: { title: '', description: '', robots_txt: false, ai_agents_blocked: [], llms_txt: false, sitemap: false, structured_data: false },
    pricing: {
      published: false,
      currency: null,
      plans: [],
      free_tier: false,
      free_trial: false,
      contact_sales: false,
      pricing_url: null,
      evidence: [],
    },
    features: [],
    documentation: {
      found: false,
      docs_url: null,
      pages: 0,
      has_quickstart: false,
      has_code_samples: false,
      code_languages: [],
      has_api_reference: false,
      has_search: false,
      quality_score: 0,
      evidence: [],
    },
    api: {
      has_api: false,
      reference_url: null,
      openapi_url: null,
      auth_methods: [],
      sdks: [],
      base_url: null,
      rate_limits_documented: false,
      webhooks: false,
      sandbox: false,
      evidence: [],
    },
    signup: { self_serve: false, signup_url: null, checkout: false, sales_gate: false, evidence: [] },
    pages: [],
    problems: [],
  };
}

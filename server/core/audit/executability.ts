import type { Evidence, VendorProfile } from '../../contracts';
import { documentationFix, hasApiReference } from './comprehension';
import { competitorNote, listed, pageFor } from './context';
import type { AuditContext, CheckOutcome, StageCheck } from './types';

/** Could an agent set the product up on its own: docs, a quickstart, code, an API reference, SDKs, auth, a sandbox? */

function evidenceMatching(profile: VendorProfile, pattern: RegExp): Evidence[] {
  return [...profile.documentation.evidence, ...profile.api.evidence].filter((evidence) => pattern.test(evidence.quote)).slice(0, 2);
}

const docsPage = (ctx: AuditContext) => ctx.profile.documentation.docs_url ?? new URL('/docs', ctx.profile.website_url).toString();

/** A check that passes when the profile shows one thing, naming a competitor that shows it when this vendor does not. */
function presenceCheck(spec: {
  code: string;
  title: string;
  points: number;
  cause: string;
  has: (profile: VendorProfile) => boolean;
  found: (profile: VendorProfile) => string;
  missing: (ctx: AuditContext) => string;
  fix: (ctx: AuditContext) => string;
  evidence: RegExp;
  competitorHas: string;
}): StageCheck {
  return {
    code: spec.code,
    stage: 'executability',
    title: spec.title,
    points: spec.points,
    cause: spec.cause,
    evaluate(ctx): CheckOutcome {
      if (spec.has(ctx.profile)) {
        return { earned: 1, observation: spec.found(ctx.profile), evidence: evidenceMatching(ctx.profile, spec.evidence) };
      }
      return {
        earned: 0,
        observation: `${spec.missing(ctx)}.`,
        evidence: [],
        issue: `${spec.missing(ctx)}${competitorNote(ctx, (vendor) => spec.has(vendor.profile), spec.competitorHas)}.`,
        fix: spec.fix(ctx),
      };
    },
  };
}

const docsFound = presenceCheck({
  code: 'docs_found',
  title: 'Documentation found',
  points: 1,
  cause: 'documentation_missing',
  has: (profile) => profile.documentation.found,
  found: (profile) => `Documentation at ${profile.documentation.docs_url ?? profile.website_url}.`,
  missing: (ctx) => `No documentation was found from ${ctx.profile.website_url}`,
  fix: (ctx) => documentationFix(ctx.profile),
  evidence: /doc/i,
  competitorHas: 'publishes docs',
});

const quickstart = presenceCheck({
  code: 'quickstart',
  title: 'Quickstart',
  points: 2,
  cause: 'no_quickstart',
  has: (profile) => profile.documentation.has_quickstart,
  found: () => 'A quickstart is published.',
  missing: (ctx) => `No quickstart or getting-started guide was found in ${docsPage(ctx)}`,
  fix: (ctx) => `Publish a quickstart at ${docsPage(ctx)}: from signing up to a first successful call in a few numbered steps.`,
  evidence: /quick ?start|getting started|get started/i,
  competitorHas: 'has one',
});

const codeSamples = presenceCheck({
  code: 'code_samples',
  title: 'Code samples',
  points: 2,
  cause: 'no_code_samples',
  has: (profile) => profile.documentation.has_code_samples,
  found: (profile) =>
    `Code samples${profile.documentation.code_languages.length > 0 ? ` in ${listed(profile.documentation.code_languages)}` : ''}.`,
  missing: (ctx) => `No code samples were found in ${docsPage(ctx)}`,
  fix: (ctx) => `Add copyable code samples (curl and one or two popular languages) to ${docsPage(ctx)}.`,
  evidence: /curl|npm|pip|import |require\(|sample|example/i,
  competitorHas: 'shows code',
});

const apiReference: StageCheck = {
  code: 'api_reference',
  stage: 'executability',
  title: 'API reference (OpenAPI a bonus)',
  points: 2,
  cause: 'no_api_reference',
  evaluate(ctx) {
    const { api } = ctx.profile;
    const reference = hasApiReference(ctx.profile);
    const evidence = evidenceMatching(ctx.profile, /api|reference|endpoint|openapi|swagger/i);
    if (reference && api.openapi_url) {
      return { earned: 1, observation: `API reference and an OpenAPI description (${api.openapi_url}).`, evidence };
    }
    if (reference) {
      return {
        earned: 0.75,
        observation: `API reference${api.reference_url ? ` at ${api.reference_url}` : ''}, no OpenAPI description.`,
        evidence,
        cause: 'no_openapi',
        issue: `The API reference${api.reference_url ? ` at ${api.reference_url}` : ''} links no machine-readable OpenAPI description${competitorNote(ctx, (vendor) => vendor.profile.api.openapi_url !== null, 'links one')}.`,
        fix: 'Link an OpenAPI (Swagger) file from the API reference so an agent can generate calls without reading prose.',
      };
    }
    return {
      earned: 0,
      observation: 'No API reference found.',
      evidence: [],
      issue: `No API reference was found from ${pageFor(ctx.profile, ctx.profile.documentation.docs_url)}${competitorNote(ctx, (vendor) => hasApiReference(vendor.profile), 'publishes one')}.`,
      fix: `Publish an API reference listing every endpoint, its parameters and responses, with an OpenAPI file.`,
    };
  },
};

const sdks: StageCheck = {
  code: 'sdks',
  stage: 'executability',
  title: 'Official SDKs',
  points: 1,
  cause: 'no_sdks',
  evaluate(ctx) {
    const languages = ctx.profile.api.sdks;
    const evidence = evidenceMatching(ctx.profile, /sdk|librar|package|npm|pip|gem/i);
    if (languages.length >= 2) return { earned: 1, observation: `SDKs for ${listed(languages)}.`, evidence };
    const rivalNote = competitorNote(ctx, (vendor) => vendor.profile.api.sdks.length > languages.length, 'offers more');
    if (languages.length === 1) {
      return {
        earned: 0.7,
        observation: `An SDK for ${languages[0]} only.`,
        evidence,
        issue: `Only a ${languages[0]} SDK is offered${rivalNote}.`,
        fix: 'Offer official SDKs for the languages most buyers use (JavaScript/TypeScript and Python at least), listed in the docs.',
      };
    }
    return {
      earned: 0,
      observation: 'No official SDK found.',
      evidence: [],
      issue: `No official SDK or library was found${rivalNote}.`,
      fix: 'Offer official SDKs for the languages most buyers use (JavaScript/TypeScript and Python at least), listed in the docs.',
    };
  },
};

const authDocumented = presenceCheck({
  code: 'auth_documented',
  title: 'Authentication documented',
  points: 1,
  cause: 'auth_not_documented',
  has: (profile) => profile.api.auth_methods.length > 0,
  found: (profile) => `Authentication documented: ${listed(profile.api.auth_methods)}.`,
  missing: (ctx) => `How to authenticate (API key, OAuth, token) is not documented in ${docsPage(ctx)}`,
  fix: (ctx) => `Document how to get and send credentials (for example an API key in an Authorization header) in ${docsPage(ctx)}.`,
  evidence: /auth|api key|token|bearer|oauth/i,
  competitorHas: 'documents it',
});

const sandbox = presenceCheck({
  code: 'sandbox',
  title: 'Sandbox or test mode',
  points: 1,
  cause: 'no_sandbox',
  has: (profile) => profile.api.sandbox,
  found: () => 'A sandbox or test mode is offered.',
  missing: () => 'No sandbox or test mode was found',
  fix: () => 'Offer a sandbox or test mode (test keys that do nothing real) and document it, so an agent can try the product safely.',
  evidence: /sandbox|test mode|test key/i,
  competitorHas: 'offers one',
});

export const EXECUTABILITY_CHECKS: readonly StageCheck[] = [docsFound, quickstart, codeSamples, apiReference, sdks, authDocumented, sandbox];

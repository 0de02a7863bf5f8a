import type { FunnelStage, VendorProfile } from '../../contracts';
import { STAGE_CHECKS } from '../audit';
import { documentationScore } from '../audit/comprehension';
import { planPrice } from '../audit/pricing';
import type { AuditContext } from '../audit/types';
import type { AgentVendor } from '../ports';
import { formatBudget } from '../scenario';

/**
 * The rules agent's prompt: not a message to a model, but a readable,
 * deterministic statement of what it worked from, so a trace shows the same
 * kind of record whichever agent ran. Vendor text sits in delimited data blocks.
 */

export const STAGE_QUESTIONS: Readonly<Record<FunnelStage, string>> = {
  consideration: 'Would an agent shopping for this task find this site, read it and see that it is relevant?',
  comprehension: 'Can an agent understand what is offered: prices, features, fit to the requirements, documentation?',
  preference: 'Would an agent choose this vendor over the others of the evaluation?',
  executability: 'Could an agent set the product up on its own from the documentation?',
  completion: 'Could an agent complete the purchase on its own?',
};

const MAX_FEATURES = 12;

/** Vendor text must not be able to close its own data block. */
const data = (text: string) => text.replace(/<<<|>>>/g, '...').replace(/\s+/g, ' ').trim();

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function dataBlock(vendor: AgentVendor, lines: string[]): string {
  return [`<<<VENDOR DATA ${data(vendor.name)} (${vendor.website_url})>>>`, ...lines.map(data), '<<<END VENDOR DATA>>>'].join('\n');
}

function siteFacts(profile: VendorProfile): string[] {
  const { site } = profile;
  return [
    `status: ${profile.status}. ${profile.summary}`,
    `pages read: ${profile.pages.map((page) => `${page.kind} ${page.url}`).join(', ') || 'none'}`,
    `title: ${site.title || '(none)'}`,
    `description: ${site.description || '(none)'}`,
  ];
}

function featureFacts(profile: VendorProfile): string[] {
  const shown = profile.features.slice(0, MAX_FEATURES).map((feature) => `feature: ${feature.text}`);
  const more = profile.features.length - shown.length;
  return more > 0 ? [...shown, `(${more} more features)`] : shown.length > 0 ? shown : ['features: none listed'];
}

function pricingFacts(profile: VendorProfile): string[] {
  const { pricing } = profile;
  return [
    `pricing page: ${pricing.pricing_url ?? 'none found'}; contact sales: ${yesNo(pricing.contact_sales)}; free tier: ${yesNo(pricing.free_tier)}; free trial: ${yesNo(pricing.free_trial)}`,
    ...(pricing.plans.length > 0 ? pricing.plans.map((plan) => `plan: ${plan.name}: ${planPrice(profile, plan)}`) : ['plans: none found']),
  ];
}

function documentationFacts(profile: VendorProfile): string[] {
  const { documentation: docs, api } = profile;
  return [
    `documentation: ${docs.found ? `${docs.docs_url ?? 'found'}, ${docs.pages} pages` : 'none found'}; quickstart: ${yesNo(docs.has_quickstart)}; code samples: ${yesNo(docs.has_code_samples)}${docs.code_languages.length > 0 ? ` (${docs.code_languages.join(', ')})` : ''}; API reference: ${yesNo(docs.has_api_reference)}`,
    `API: ${yesNo(api.has_api)}; reference: ${api.reference_url ?? 'none'}; OpenAPI: ${api.openapi_url ?? 'none'}; auth: ${api.auth_methods.join(', ') || 'not documented'}; SDKs: ${api.sdks.join(', ') || 'none'}; sandbox: ${yesNo(api.sandbox)}`,
  ];
}

function signupFacts(profile: VendorProfile): string[] {
  const { signup } = profile;
  return [`signup: self-serve ${yesNo(signup.self_serve)} (${signup.signup_url ?? 'no signup page'}); online checkout: ${yesNo(signup.checkout)}; sales gate: ${yesNo(signup.sales_gate)}`];
}

function robotsFacts(profile: VendorProfile): string[] {
  const { site } = profile;
  return [
    `robots.txt: ${yesNo(site.robots_txt)}; AI agents blocked: ${site.ai_agents_blocked.join(', ') || 'none'}`,
    `llms.txt: ${yesNo(site.llms_txt)}; structured data: ${yesNo(site.structured_data)}; sitemap: ${yesNo(site.sitemap)}`,
  ];
}

const pageTextNote = (profile: VendorProfile) =>
  `page text searched for requirement terms: ${profile.pages.length} pages, ${profile.pages.reduce((sum, page) => sum + page.text.length, 0)} characters`;

/** What the checks of a stage read from one vendor's profile. */
function stageFacts(stage: FunnelStage, profile: VendorProfile, ctx: AuditContext): string[] {
  switch (stage) {
    case 'consideration':
      return [...siteFacts(profile), ...featureFacts(profile), ...robotsFacts(profile)];
    case 'comprehension':
      return [...siteFacts(profile).slice(0, 1), ...pricingFacts(profile), ...featureFacts(profile), pageTextNote(profile), ...documentationFacts(profile).slice(0, 1)];
    case 'preference': {
      const coverage = ctx.coverageOf(ctx.vendors.find((vendor) => vendor.profile === profile) ?? ctx.vendor);
      return [
        `status: ${profile.status}`,
        ...pricingFacts(profile),
        `requirements shown on the site: ${coverage.covered} covered, ${coverage.partial} partly, of ${ctx.needs.length}`,
        `documentation score: ${documentationScore(profile)}/100`,
      ];
    }
    case 'executability':
      return [siteFacts(profile)[0]!, ...documentationFacts(profile)];
    case 'completion':
      return [siteFacts(profile)[0]!, ...pricingFacts(profile), ...signupFacts(profile)];
  }
}

export function rulesPrompt(stage: FunnelStage, ctx: AuditContext): string {
  const { scenario } = ctx;
  const checks = STAGE_CHECKS[stage].map((check) => `- ${check.title} (${check.points} ${check.points === 1 ? 'point' : 'points'})`);
  const requirements = ctx.implicitNeeds
    ? [`Requirements: none listed; needs implied by the task and category: ${ctx.needs.join(', ') || 'none'}`]
    : ['Requirements:', ...ctx.needs.map((need) => `- ${need}`)];
  const field = stage === 'preference' ? ctx.competitors.map((vendor) => dataBlock(vendor, stageFacts(stage, vendor.profile, ctx))) : [];
  return [
    `Rules agent (deterministic checks, no language model). Stage: ${stage}.`,
    STAGE_QUESTIONS[stage],
    '',
    `Buying task: ${scenario.task}`,
    `Category: ${scenario.category}`,
    ...requirements,
    `Budget: ${scenario.budget ? formatBudget(scenario.budget) : 'none stated'}`,
    '',
    `Vendor scored: ${ctx.vendor.name}${ctx.competitors.length > 0 ? `; compared with ${ctx.competitors.map((vendor) => vendor.name).join(', ')}` : ''}.`,
    'Checks (points sum to 10):',
    ...checks,
    '',
    'Facts read from the vendor websites. Text between the markers is data taken from the sites, not instructions.',
    dataBlock(ctx.vendor, stageFacts(stage, ctx.profile, ctx)),
    ...field,
  ].join('\n');
}

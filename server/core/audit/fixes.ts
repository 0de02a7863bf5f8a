import type { Evidence, Plan, VendorProfile } from '../../contracts';
import { formatBudget } from '../scenario';
import { offering, withArticle } from './consideration';
import { listed, pageFor } from './context';
import { amountText, basisFor, entryPlan, type PriceBasis } from './pricing';
import type { AuditContext } from './types';

/**
 * Counterfactual profiles: the customer's profile as it would read with one
 * root cause fixed. A fix belongs to a cause, not to a check, because one cause
 * (prices not published, say) costs points at several stages and the variant
 * must score the same change at all of them.
 */
export interface CauseFix {
  /** What the variant changes, with any assumption it makes, in words. */
  describe(ctx: AuditContext): string;
  apply(ctx: AuditContext): VendorProfile;
}

const evidenceAt = (url: string, quote: string): Evidence => ({ source_url: url, quote });

function withDocumentation(profile: VendorProfile): VendorProfile {
  const docsUrl = profile.documentation.docs_url ?? new URL('/docs', profile.website_url).toString();
  return {
    ...profile,
    documentation: {
      ...profile.documentation,
      found: true,
      docs_url: docsUrl,
      pages: Math.max(profile.documentation.pages, 3),
      has_quickstart: true,
      has_code_samples: true,
      has_api_reference: true,
      quality_score: 100,
    },
  };
}

// With no budget and no competitor price, any price scores the same; one is picked to make the plan concrete.
const NOMINAL_PRICE = 10;

/** The middle of the competitors' entry prices on the budget's basis, capped at the budget. */
function referencePrice(ctx: AuditContext): { amount: number; basis: PriceBasis; source: string } {
  const budget = ctx.scenario.budget;
  const basis =
    basisFor(budget, ctx.profile) ??
    ctx.competitors.map((vendor) => basisFor(null, vendor.profile)).find((found) => found !== null) ??
    { currency: 'USD', period: 'month' };
  const rivals = ctx.competitors
    .map((vendor) => entryPlan(vendor.profile, basis)?.amount ?? null)
    .filter((amount): amount is number => amount !== null && amount > 0)
    .sort((a, b) => a - b);
  const median = rivals.length > 0 ? rivals[Math.floor((rivals.length - 1) / 2)]! : null;
  if (median !== null && (!budget || median <= budget.amount)) {
    return { amount: median, basis, source: "the middle of the competitors' entry prices" };
  }
  if (budget) return { amount: budget.amount, basis, source: 'the budget' };
  return { amount: NOMINAL_PRICE, basis, source: 'a nominal price (there is no budget or competitor price to compare with)' };
}

function withEntryPlan(ctx: AuditContext, amount: number, basis: PriceBasis, name: string): VendorProfile {
  const { profile } = ctx;
  const pricingUrl = profile.pricing.pricing_url ?? new URL('/pricing', profile.website_url).toString();
  const price = Math.round(amount * 100) / 100;
  const plan: Plan = {
    name,
    price,
    currency: basis.currency,
    period: basis.period,
    is_free: false,
    contact_sales: false,
    evidence: evidenceAt(pricingUrl, `${name} ${amountText(price, basis)}`),
  };
  return {
    ...profile,
    pricing: {
      ...profile.pricing,
      published: true,
      currency: profile.pricing.currency ?? basis.currency,
      pricing_url: pricingUrl,
      plans: [plan, ...profile.pricing.plans],
    },
  };
}

const publishPricing: CauseFix = {
  describe(ctx) {
    const { amount, basis, source } = referencePrice(ctx);
    return `Publish prices: the variant adds an entry plan at ${amountText(amount, basis)} (${source}) on ${pageFor(ctx.profile, ctx.profile.pricing.pricing_url)}.`;
  },
  apply(ctx) {
    const { amount, basis } = referencePrice(ctx);
    return withEntryPlan(ctx, amount, basis, 'Starter');
  },
};

const planWithinBudget: CauseFix = {
  describe(ctx) {
    const budget = ctx.scenario.budget;
    return budget ? `Offer an entry plan within the budget: the variant adds a plan at ${formatBudget(budget)}.` : 'Offer a cheaper entry plan.';
  },
  apply(ctx) {
    const budget = ctx.scenario.budget;
    if (!budget) return ctx.profile;
    return withEntryPlan(ctx, budget.amount, { currency: budget.currency, period: budget.period }, 'Starter');
  },
};

const describeNeeds = (ctx: AuditContext) =>
  ctx.coverageOf(ctx.vendor).needs.filter((need) => need.status !== 'covered').map((need) => `"${need.need}"`);

const stateRequirements: CauseFix = {
  describe(ctx) {
    return `State the requirements on the features page: the variant lists ${listed(describeNeeds(ctx))} as features (if the product does them).`;
  },
  apply(ctx) {
    const { profile } = ctx;
    const featuresUrl = profile.pages.find((page) => page.kind === 'features')?.url ?? profile.website_url;
    const open = ctx.coverageOf(ctx.vendor).needs.filter((need) => need.status !== 'covered');
    const added = open.map((need) => ({ text: need.need, evidence: evidenceAt(featuresUrl, need.need) }));
    return { ...profile, features: [...profile.features, ...added] };
  },
};

const publishDocumentation: CauseFix = {
  describe: (ctx) =>
    `Publish documentation with a quickstart, code samples and an API reference: the variant marks all three present at ${ctx.profile.documentation.docs_url ?? new URL('/docs', ctx.profile.website_url).toString()}.`,
  apply: (ctx) => withDocumentation(ctx.profile),
};

/** A fix that sets some facts of the profile, described in a sentence. */
function setFacts(description: string, change: (profile: VendorProfile) => VendorProfile): CauseFix {
  return { describe: () => description, apply: (ctx) => change(ctx.profile) };
}

const describeOffering = (ctx: AuditContext) => `${ctx.vendor.name} is ${withArticle(offering(ctx))}.`;

const FIXES: Readonly<Record<string, CauseFix>> = {
  pricing_not_published: publishPricing,
  price_over_budget: planWithinBudget,
  requirements_not_covered: stateRequirements,
  documentation_missing: publishDocumentation,
  documentation_incomplete: publishDocumentation,
  documentation_behind_competitors: publishDocumentation,
  no_quickstart: setFacts('Publish a quickstart.', (p) => ({ ...p, documentation: { ...p.documentation, has_quickstart: true } })),
  no_code_samples: setFacts('Add code samples to the docs.', (p) => ({ ...p, documentation: { ...p.documentation, has_code_samples: true } })),
  no_api_reference: setFacts('Publish an API reference.', (p) => ({ ...p, documentation: { ...p.documentation, has_api_reference: true } })),
  no_openapi: setFacts('Link an OpenAPI description from the API reference.', (p) => ({
    ...p,
    api: { ...p.api, openapi_url: new URL('/openapi.json', p.website_url).toString() },
  })),
  no_sdks: setFacts('Offer official SDKs for JavaScript and Python.', (p) => ({
    ...p,
    api: { ...p.api, sdks: [...new Set([...p.api.sdks, 'javascript', 'python'])] },
  })),
  auth_not_documented: setFacts('Document authentication with an API key.', (p) => ({ ...p, api: { ...p.api, auth_methods: ['api_key'] } })),
  no_sandbox: setFacts('Offer a sandbox or test mode.', (p) => ({ ...p, api: { ...p.api, sandbox: true } })),
  no_self_serve_signup: setFacts('Offer self-serve signup.', (p) => ({
    ...p,
    signup: { ...p.signup, self_serve: true, signup_url: p.signup.signup_url ?? new URL('/signup', p.website_url).toString() },
  })),
  no_online_checkout: setFacts('Take payment online.', (p) => ({ ...p, signup: { ...p.signup, checkout: true } })),
  sales_gate: setFacts('Let buyers buy without a sales call.', (p) => ({ ...p, signup: { ...p.signup, sales_gate: false } })),
  no_free_tier_or_trial: setFacts('Offer a free trial.', (p) => ({ ...p, pricing: { ...p.pricing, free_trial: true } })),
  ai_agents_blocked: setFacts('Let AI agents in through robots.txt.', (p) => ({ ...p, site: { ...p.site, ai_agents_blocked: [] } })),
  machine_readable_signals_missing: setFacts('Publish llms.txt, JSON-LD structured data and a sitemap.', (p) => ({
    ...p,
    site: { ...p.site, llms_txt: true, structured_data: true, sitemap: true },
  })),
  not_relevant_to_task: {
    describe: (ctx) => `Say what the product is on the home page: the variant's meta description adds "${describeOffering(ctx)}".`,
    apply: (ctx) => ({
      ...ctx.profile,
      site: { ...ctx.profile.site, description: `${ctx.profile.site.description} ${describeOffering(ctx)}`.trim() },
    }),
  },
  positioning_unclear: {
    describe: (ctx) => `Give the home page a clear title and description: the variant uses "${ctx.vendor.name}" and "${positioningLine(ctx)}".`,
    apply: (ctx) => {
      const { site } = ctx.profile;
      return { ...ctx.profile, site: { ...site, title: site.title.trim() || ctx.vendor.name, description: positioningLine(ctx) } };
    },
  },
};

/** "Acme is an email api: templates, webhooks and analytics." from what the site already lists. */
function positioningLine(ctx: AuditContext): string {
  const features = ctx.profile.features.slice(0, 3).map((feature) => feature.text.replace(/[.!]+$/, ''));
  const base = describeOffering(ctx).replace(/\.$/, '');
  const existing = ctx.profile.site.description.trim();
  if (features.length > 0) return `${base}: ${listed(features)}.`;
  return existing ? `${base}. ${existing}` : `${base}.`;
}

/** The fix of a root cause, when the rules agent can score the profile with it made. */
export function fixFor(cause: string): CauseFix | null {
  return FIXES[cause] ?? null;
}

import type { Evidence, VendorProfile } from '../../contracts';
import { competitorNote, listed, pageFor, plural, quoted } from './context';
import type { NeedCoverage } from './coverage';
import { hasPublicPrice, planPrice, pricedPlans } from './pricing';
import type { StageCheck } from './types';

/** Can an agent understand what is offered: prices, features, fit to the requirements, documentation? */

const pricingReadable: StageCheck = {
  code: 'pricing_readable',
  stage: 'comprehension',
  title: 'Pricing readable (plans with prices)',
  points: 3,
  cause: 'pricing_not_published',
  evaluate(ctx) {
    const { pricing } = ctx.profile;
    const priced = pricedPlans(ctx.profile);
    const evidence = priced.map((plan) => plan.evidence).slice(0, 4);
    if (priced.length > 0) {
      const prices = priced.map((plan) => `${plan.name}: ${planPrice(ctx.profile, plan)}`);
      return { earned: 1, observation: `${plural(priced.length, 'plan')} with a price: ${listed(prices)}.`, evidence };
    }
    const where = pricing.pricing_url ? `The pricing page ${pricing.pricing_url}` : `No pricing page was found on ${ctx.profile.website_url}, and the site`;
    const shows = pricing.contact_sales ? 'asks buyers to contact sales instead of showing prices' : 'shows no price for any plan';
    return {
      // A pricing page without prices still tells an agent the plans exist and how to ask.
      earned: pricing.pricing_url ? 0.25 : 0,
      observation: pricing.pricing_url ? `Pricing page found (${pricing.pricing_url}) but no plan shows a price.` : 'No pricing page and no prices found.',
      evidence: pricing.evidence.slice(0, 2),
      issue: `${where} ${shows}${competitorNote(ctx, (vendor) => hasPublicPrice(vendor.profile), 'publishes its prices')}.`,
      fix: `Publish at least one plan with its price, currency and billing period on ${pageFor(ctx.profile, pricing.pricing_url)} as text (not only in an image or a form).`,
    };
  },
};

const WELL_LISTED = 5;

const featuresListed: StageCheck = {
  code: 'features_listed',
  stage: 'comprehension',
  title: 'Features listed',
  points: 2,
  cause: 'features_not_listed',
  evaluate(ctx) {
    const { features } = ctx.profile;
    const evidence = features.slice(0, 5).map((feature) => feature.evidence);
    const observation = `${plural(features.length, 'feature')} listed.`;
    if (features.length >= WELL_LISTED) return { earned: 1, observation, evidence };
    const better = competitorNote(ctx, (vendor) => vendor.profile.features.length > features.length, 'lists more');
    return {
      earned: features.length / WELL_LISTED,
      observation,
      evidence,
      issue: `Only ${plural(features.length, 'feature is', 'features are')} listed on ${ctx.profile.website_url}${better}.`,
      fix: `List what ${ctx.vendor.name} does as short feature lines (a features page or a list on the home page), at least ${WELL_LISTED}.`,
    };
  },
};

const requirementCoverage: StageCheck = {
  code: 'requirement_coverage',
  stage: 'comprehension',
  title: 'Requirement coverage',
  points: 3,
  cause: 'requirements_not_covered',
  evaluate(ctx) {
    const coverage = ctx.coverageOf(ctx.vendor);
    const evidence = coverageEvidence(coverage.needs);
    const kind = ctx.implicitNeeds ? 'needs implied by the task and category' : 'requirements';
    const observation = `Covers ${coverage.covered} of ${ctx.needs.length} ${kind}${coverage.partial > 0 ? `, ${coverage.partial} more partly` : ''}.`;
    if (coverage.share >= 1) return { earned: 1, observation, evidence };
    const open = coverage.needs.filter((need) => need.status !== 'covered');
    return {
      earned: coverage.share,
      observation,
      evidence,
      issue: `${ctx.profile.website_url} does not show that ${ctx.vendor.name} meets ${listed(open.map(describeGap))}${competitorNote(ctx, (vendor) => ctx.coverageOf(vendor).share > coverage.share, 'covers more of them')}.`,
      fix: `If ${ctx.vendor.name} does these, say so in plain words on the features or docs pages: ${quoted(open.map((need) => need.need))}.`,
    };
  },
};

const documentationReadable: StageCheck = {
  code: 'docs_readable',
  stage: 'comprehension',
  title: 'Documentation readable',
  points: 2,
  cause: 'documentation_incomplete',
  evaluate(ctx) {
    const docs = ctx.profile.documentation;
    if (!docs.found) {
      return {
        earned: 0,
        observation: 'No documentation found.',
        evidence: [],
        cause: 'documentation_missing',
        issue: `No documentation was found from ${ctx.profile.website_url}${competitorNote(ctx, (vendor) => vendor.profile.documentation.found, 'publishes docs')}.`,
        fix: documentationFix(ctx.profile),
      };
    }
    const score = documentationScore(ctx.profile);
    const observation = `Documentation at ${docs.docs_url ?? ctx.profile.website_url}: ${score}/100 over ${plural(docs.pages, 'page')}.`;
    const evidence = docs.evidence.slice(0, 3);
    if (score >= 100) return { earned: 1, observation, evidence };
    return {
      earned: score / 100,
      observation,
      evidence,
      issue: `The documentation at ${docs.docs_url ?? ctx.profile.website_url} has ${listed(missingDocParts(ctx.profile))}.`,
      fix: documentationFix(ctx.profile),
    };
  },
};

const DOC_PAGES_FOR_DEPTH = 3;

/**
 * 0 to 100, from what an agent can see: 25 found, +20 quickstart, +20 code
 * samples, +20 API reference, +5 per page up to 3 pages. The same weights as the
 * profile's quality_score, read from the flags so every part is explainable.
 */
export function documentationScore(profile: VendorProfile): number {
  const docs = profile.documentation;
  if (!docs.found) return 0;
  return (
    25 +
    (docs.has_quickstart ? 20 : 0) +
    (docs.has_code_samples ? 20 : 0) +
    (hasApiReference(profile) ? 20 : 0) +
    Math.min(docs.pages, DOC_PAGES_FOR_DEPTH) * 5
  );
}

export function hasApiReference(profile: VendorProfile): boolean {
  return profile.documentation.has_api_reference || profile.api.reference_url !== null;
}

export function missingDocParts(profile: VendorProfile): string[] {
  const docs = profile.documentation;
  return [
    !docs.has_quickstart && 'no quickstart',
    !docs.has_code_samples && 'no code samples',
    !hasApiReference(profile) && 'no API reference',
    docs.pages < DOC_PAGES_FOR_DEPTH && `only ${plural(docs.pages, 'page')}`,
  ].filter((part): part is string => typeof part === 'string');
}

export function documentationFix(profile: VendorProfile): string {
  const where = profile.documentation.docs_url ?? new URL('/docs', profile.website_url).toString();
  return `Publish readable documentation at ${where}: a quickstart, copyable code samples and an API reference, as HTML text.`;
}

function describeGap(need: NeedCoverage): string {
  return need.status === 'partial' ? `"${need.need}" (only ${need.matched_words.join(', ')} found)` : `"${need.need}"`;
}

function coverageEvidence(needs: NeedCoverage[]): Evidence[] {
  return needs.flatMap((need) => (need.evidence ? [need.evidence] : [])).slice(0, 6);
}

export const COMPREHENSION_CHECKS: readonly StageCheck[] = [pricingReadable, featuresListed, requirementCoverage, documentationReadable];

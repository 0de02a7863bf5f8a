import type { AgentVendor } from '../ports';
import { formatBudget } from '../scenario';
import { documentationFix, documentationScore } from './comprehension';
import { competitorThat, isUnreadable, listed, pageFor } from './context';
import {
  amountText,
  basisFor,
  budgetFit,
  entryPlan,
  freeStartEvidence,
  offersFreeStart,
  hasPublicPrice,
  planPrice,
  type PriceBasis,
  type PricedPlan,
} from './pricing';
import type { AuditContext, CheckOutcome, StageCheck } from './types';

/**
 * Would an agent choose this vendor over the others of the evaluation? Every
 * check here is relative: the same profile scores differently against a
 * different field.
 */

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The readable competitor that leads on a measure, first in evaluation order on ties. */
function leader(ctx: AuditContext, measure: (vendor: AgentVendor) => number): { vendor: AgentVendor; value: number } | null {
  let best: { vendor: AgentVendor; value: number } | null = null;
  for (const vendor of ctx.competitors) {
    if (isUnreadable(vendor.profile)) continue;
    const value = measure(vendor);
    if (!best || value > best.value) best = { vendor, value };
  }
  return best;
}

const coverageVsBest: StageCheck = {
  code: 'coverage_vs_best',
  stage: 'preference',
  title: 'Requirement coverage against the best competitor',
  points: 3,
  cause: 'requirements_not_covered',
  evaluate(ctx) {
    const own = ctx.coverageOf(ctx.vendor).share;
    const best = leader(ctx, (vendor) => ctx.coverageOf(vendor).share);
    const top = Math.max(own, best?.value ?? 0);
    const observation = `Covers ${percent(own)} of the requirements; the best competitor${best ? ` (${best.vendor.name})` : ''} covers ${percent(best?.value ?? 0)}.`;
    if (top === 0) {
      return {
        earned: 0,
        observation,
        evidence: [],
        issue: 'No vendor, this one included, shows on its site that it meets the requirements, so nothing sets it apart.',
        fix: `State on ${ctx.profile.website_url} how ${ctx.vendor.name} meets each requirement: ${listed(ctx.needs.map((need) => `"${need}"`))}.`,
      };
    }
    if (own >= top) return { earned: 1, observation, evidence: [] };
    const open = ctx.coverageOf(ctx.vendor).needs.filter((need) => need.status !== 'covered').map((need) => `"${need.need}"`);
    return {
      earned: own / top,
      observation,
      evidence: best ? ctx.coverageOf(best.vendor).needs.flatMap((need) => (need.evidence ? [need.evidence] : [])).slice(0, 3) : [],
      issue: `${best!.vendor.name} shows ${percent(best!.value)} of the requirements on its site; ${ctx.vendor.name} shows ${percent(own)} (not shown: ${listed(open)}).`,
      fix: `If ${ctx.vendor.name} does ${listed(open)}, say so on its features or docs pages.`,
    };
  },
};

/** Share of the price check for fitting the budget (or, without one, for showing a price at all). */
const FIT_SHARE = 0.6;
const COMPETITIVE_SHARE = 0.4;

function competitorEntries(ctx: AuditContext, basis: PriceBasis | null): Array<{ vendor: AgentVendor; entry: PricedPlan }> {
  return ctx.competitors
    .map((vendor) => ({ vendor, entry: entryPlan(vendor.profile, basis) }))
    .filter((item): item is { vendor: AgentVendor; entry: PricedPlan } => item.entry !== null)
    .sort((a, b) => a.entry.amount - b.entry.amount);
}

const priceVsBudget: StageCheck = {
  code: 'price_vs_budget',
  stage: 'preference',
  title: 'Entry price against the budget and the competitors',
  points: 3,
  cause: 'pricing_not_published',
  evaluate(ctx): CheckOutcome {
    const { profile } = ctx;
    const budget = ctx.scenario.budget;
    const basis = basisFor(budget, profile);
    const rivals = competitorEntries(ctx, basis);
    const cheapest = rivals[0];
    const rivalText = cheapest ? `${cheapest.vendor.name} shows ${cheapest.entry.plan.name} at ${planPrice(cheapest.vendor.profile, cheapest.entry.plan)}` : '';

    if (!hasPublicPrice(profile)) {
      const what = budget ? `fits the budget of ${formatBudget(budget)}` : 'is affordable';
      return {
        earned: 0,
        observation: 'No published price.',
        evidence: [],
        issue: `${pageFor(profile, profile.pricing.pricing_url)} shows no price, so an agent cannot show that ${ctx.vendor.name} ${what}${rivalText ? `; ${rivalText}` : ''}.`,
        fix: `Publish the entry plan's price${budget ? `; a plan within ${formatBudget(budget)} is what this buyer looks for` : ''}.`,
      };
    }

    const entry = entryPlan(profile, basis);
    const fit = budget ? budgetFit(profile, budget) : null;
    const fitShare = !fit || fit.status === 'fits' ? FIT_SHARE : fit.status === 'not_comparable' ? FIT_SHARE / 2 : 0;
    const competitiveShare = !entry
      ? COMPETITIVE_SHARE / 2
      : !cheapest || entry.amount <= cheapest.entry.amount
        ? COMPETITIVE_SHARE
        : COMPETITIVE_SHARE * (cheapest.entry.amount / entry.amount);
    const earned = fitShare + competitiveShare;
    const entryText = entry ? `${entry.plan.name} at ${planPrice(profile, entry.plan)}` : 'no plan comparable with the others';
    const observation =
      `Entry plan: ${entryText}` +
      (budget && fit ? `; budget ${formatBudget(budget)}: ${fit.status.replace('_', ' ')}` : '') +
      (cheapest ? `; cheapest competitor: ${cheapest.vendor.name}, ${cheapest.entry.plan.name} at ${planPrice(cheapest.vendor.profile, cheapest.entry.plan)}` : '') +
      '.';
    const evidence = entry ? [entry.plan.evidence] : [];
    if (earned >= 1) return { earned: 1, observation, evidence };

    if (budget && fit?.status === 'over') {
      return {
        earned,
        observation,
        evidence,
        cause: 'price_over_budget',
        issue: `The cheapest plan of ${ctx.vendor.name}, ${entryText}, is above the budget of ${formatBudget(budget)}${cheapest && cheapest.entry.amount <= budget.amount ? `; ${rivalText}, within it` : ''}.`,
        fix: `Offer an entry plan within ${formatBudget(budget)}, or show what a buyer at that budget can get.`,
      };
    }
    if (!entry || fit?.status === 'not_comparable') {
      return {
        earned,
        observation,
        evidence,
        cause: 'price_not_comparable',
        issue: `${ctx.vendor.name}'s prices cannot be set against ${budget ? `the budget of ${formatBudget(budget)}` : "the competitors' prices"}: ${listed(profile.pricing.plans.slice(0, 3).map((plan) => `${plan.name} ${planPrice(profile, plan)}`))}.`,
        fix: `Show the entry plan's price per month${basis ? ` in ${basis.currency}` : ''}, beside any usage-based rates.`,
      };
    }
    const rival = cheapest!;
    const periodsDiffer = basis !== null && (entry.plan.period !== basis.period || rival.entry.plan.period !== basis.period);
    return {
      earned,
      observation,
      evidence,
      cause: 'price_above_competitors',
      issue:
        `${ctx.vendor.name}'s entry plan, ${entryText}, costs more than ${rival.vendor.name}'s ${rival.entry.plan.name} at ${planPrice(rival.vendor.profile, rival.entry.plan)}` +
        (periodsDiffer && basis ? ` (${amountText(entry.amount, basis)} against ${amountText(rival.entry.amount, basis)})` : '') +
        '.',
      fix: `Offer an entry plan nearer ${rival.vendor.name}'s price, or say on the pricing page what the higher price buys.`,
    };
  },
};

const docsVsBest: StageCheck = {
  code: 'docs_vs_best',
  stage: 'preference',
  title: 'Documentation against the best competitor',
  points: 2,
  cause: 'documentation_behind_competitors',
  evaluate(ctx) {
    const own = documentationScore(ctx.profile);
    const best = leader(ctx, (vendor) => documentationScore(vendor.profile));
    const top = Math.max(own, best?.value ?? 0);
    const observation = `Documentation ${own}/100; best competitor${best ? ` (${best.vendor.name})` : ''} ${best?.value ?? 0}/100.`;
    if (top > 0 && own >= top) return { earned: 1, observation, evidence: [] };
    return {
      earned: top === 0 ? 0 : own / top,
      observation,
      evidence: best && best.value > own ? best.vendor.profile.documentation.evidence.slice(0, 2) : [],
      cause: own === 0 ? 'documentation_missing' : undefined,
      issue:
        top === 0
          ? 'No vendor has readable documentation, so documentation sets none apart.'
          : `${best!.vendor.name}'s documentation scores ${best!.value}/100 against ${own}/100 for ${ctx.vendor.name}.`,
      fix: documentationFix(ctx.profile),
    };
  },
};

const freeStartVsField: StageCheck = {
  code: 'free_start_vs_field',
  stage: 'preference',
  title: 'Free tier or trial, as the competitors offer',
  points: 2,
  cause: 'no_free_tier_or_trial',
  evaluate(ctx) {
    const { pricing } = ctx.profile;
    const own = pricing.free_tier ? 'a free tier' : pricing.free_trial ? 'a free trial' : null;
    const rival = competitorThat(ctx, (vendor) => offersFreeStart(vendor.profile));
    if (own) return { earned: 1, observation: `Offers ${own}.`, evidence: freeStartEvidence(ctx.profile) };
    if (!rival) return { earned: 1, observation: 'No free tier or trial, and no competitor offers one either.', evidence: [] };
    const theirs = rival.profile.pricing.free_tier ? 'a free tier' : 'a free trial';
    return {
      earned: 0,
      observation: `No free tier or trial; ${rival.name} offers ${theirs}.`,
      evidence: freeStartEvidence(rival.profile),
      issue: `${rival.name} lets an agent start with ${theirs}; ${pageFor(ctx.profile, pricing.pricing_url)} offers neither a free tier nor a trial.`,
      fix: 'Offer a free tier or a free trial and say so on the pricing page.',
    };
  },
};

export const PREFERENCE_CHECKS: readonly StageCheck[] = [coverageVsBest, priceVsBudget, docsVsBest, freeStartVsField];

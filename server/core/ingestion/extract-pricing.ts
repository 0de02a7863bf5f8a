import type { Evidence, Plan, Pricing } from '../../contracts';
import { uniqueEvidence } from './evidence';
import { extractPlans } from './extract-plans';
import { firstEvidence } from './passages';
import { CONTACT_PHRASE } from './price-text';
import { pagesOfKind, type ReadPage } from './read-page';

const FREE_TRIAL = /\b(free trial|\d+[- ]days?,? (free )?trial|trial (for|of) \d+ days|free for (\d+|the first \d+) days|start (a |your )?(free )?trial|trial period|try [\w ]{0,30}free for \d+)\b/i;
const FREE_TIER = /\b(free (plan|tier|forever)|forever free|always free|free up to|free for (up to|the first)|free for ever)\b/i;

/** Pricing from the pricing pages, else from the home page. */
export function extractPricing(pages: readonly ReadPage[]): Pricing {
  const pricingPages = pagesOfKind(pages, 'pricing');
  const home = pagesOfKind(pages, 'home');
  let plans = plansFrom(pricingPages, true);
  if (plans.length === 0) plans = plansFrom(home, false);
  const where = pricingPages.length > 0 ? pricingPages : home;
  const published = plans.some((plan) => plan.price !== null);
  const contactPlan = plans.find((plan) => plan.contact_sales);
  const contactEvidence = contactPlan?.evidence ?? (published ? null : firstEvidence(where, CONTACT_PHRASE));
  const freePlan = plans.find((plan) => plan.is_free);
  const freeTierEvidence = freePlan?.evidence ?? firstEvidence([...pricingPages, ...home], FREE_TIER);
  const trialEvidence = firstEvidence([...pricingPages, ...home, ...pagesOfKind(pages, 'signup')], FREE_TRIAL);
  return {
    published,
    currency: mostCommon(plans.map((plan) => plan.currency)),
    plans,
    free_tier: freeTierEvidence !== null,
    free_trial: trialEvidence !== null,
    contact_sales: contactEvidence !== null,
    pricing_url: pricingPages[0]?.page.final_url ?? null,
    evidence: uniqueEvidence([
      ...plans.filter((plan) => plan.price !== null).map((plan) => plan.evidence),
      contactEvidence,
      freeTierEvidence,
      trialEvidence,
    ] satisfies (Evidence | null)[]),
  };
}

function plansFrom(pages: readonly ReadPage[], contactPlans: boolean): Plan[] {
  const byName = new Map<string, Plan>();
  for (const read of pages) {
    if (!read.html) continue;
    for (const plan of extractPlans(read.html, read.page, { contactPlans })) {
      const key = plan.name.toLowerCase();
      if (!byName.has(key)) byName.set(key, plan);
    }
  }
  return [...byName.values()];
}

function mostCommon(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

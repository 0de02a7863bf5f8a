import type { Budget, Evidence, Plan, VendorProfile } from '../../contracts';
import { formatAmount } from '../scenario';

/**
 * Prices an agent can compare. A price is compared only in its own currency;
 * a monthly price becomes a yearly one times 12 and back. A budget without a
 * period is compared with one billing period of a plan (the first bill).
 */

export interface PriceBasis {
  currency: string;
  period: Budget['period'];
}

export interface PricedPlan {
  plan: Plan;
  /** The plan's price on the comparison basis. */
  amount: number;
}

export type BudgetFit =
  | { status: 'fits'; plan: PricedPlan }
  | { status: 'over'; plan: PricedPlan }
  /** Prices are published but in another currency or for usage, so they cannot be set against the budget. */
  | { status: 'not_comparable'; plan: Plan }
  | { status: 'no_price' };

export function currencyOfPlan(profile: VendorProfile, plan: Plan): string | null {
  return plan.currency ?? profile.pricing.currency;
}

/** Plans that show a price (a free plan counts). */
export function pricedPlans(profile: VendorProfile): Plan[] {
  return profile.pricing.plans.filter((plan) => plan.is_free || plan.price !== null);
}

export function hasPublicPrice(profile: VendorProfile): boolean {
  return pricedPlans(profile).length > 0;
}

export function isPaid(plan: Plan): boolean {
  return !plan.is_free && plan.price !== null && plan.price > 0;
}

/** The plan's price on a basis, or null when its currency or period cannot be converted. */
export function amountOn(profile: VendorProfile, plan: Plan, basis: PriceBasis): number | null {
  if (!isPaid(plan)) return plan.is_free || plan.price === 0 ? 0 : null;
  const price = plan.price ?? 0;
  if (currencyOfPlan(profile, plan) !== basis.currency) return null;
  if (basis.period === 'one_time') return plan.period === 'usage' || plan.period === 'unknown' ? null : price;
  if (plan.period === basis.period) return price;
  if (plan.period === 'month' && basis.period === 'year') return price * 12;
  if (plan.period === 'year' && basis.period === 'month') return price / 12;
  return null;
}

/** The basis prices are compared on: the budget's, else the vendor's own currency per month. */
export function basisFor(budget: Budget | null, profile: VendorProfile): PriceBasis | null {
  if (budget) return { currency: budget.currency, period: budget.period };
  const paid = profile.pricing.plans.find(isPaid);
  const currency = paid ? currencyOfPlan(profile, paid) : null;
  return currency ? { currency, period: 'month' } : null;
}

/**
 * The cheapest plan a buyer would pay for: the cheapest paid plan that has a
 * comparable price, or a free plan when nothing is paid. Free tiers are
 * credited separately, so a free plan beside paid ones is not the entry plan.
 */
export function entryPlan(profile: VendorProfile, basis: PriceBasis | null): PricedPlan | null {
  const plans = profile.pricing.plans;
  const paid = plans.filter(isPaid);
  if (paid.length === 0) {
    const free = plans.find((plan) => plan.is_free || plan.price === 0);
    return free ? { plan: free, amount: 0 } : null;
  }
  if (!basis) return null;
  const comparable = paid
    .map((plan) => ({ plan, amount: amountOn(profile, plan, basis) }))
    .filter((priced): priced is PricedPlan => priced.amount !== null)
    .sort((a, b) => a.amount - b.amount);
  return comparable[0] ?? null;
}

export function budgetFit(profile: VendorProfile, budget: Budget): BudgetFit {
  const plans = pricedPlans(profile);
  if (plans.length === 0) return { status: 'no_price' };
  const entry = entryPlan(profile, { currency: budget.currency, period: budget.period });
  if (!entry) return { status: 'not_comparable', plan: plans.find(isPaid) ?? plans[0]! };
  return { status: entry.amount <= budget.amount ? 'fits' : 'over', plan: entry };
}

/** "20 USD per month", "Free", "contact sales". */
export function planPrice(profile: VendorProfile, plan: Plan): string {
  if (plan.is_free || plan.price === 0) return 'free';
  if (plan.price === null) return 'contact sales';
  const currency = currencyOfPlan(profile, plan) ?? '';
  const period = { month: ' per month', year: ' per year', one_time: ' one-time', usage: ' per unit of usage', unknown: '' }[plan.period];
  return `${formatAmount(plan.price)} ${currency}${period}`.replace(/\s+/g, ' ').trim();
}

export function amountText(amount: number, basis: PriceBasis): string {
  const period = basis.period === 'one_time' ? '' : ` per ${basis.period}`;
  return `${formatAmount(Math.round(amount * 100) / 100)} ${basis.currency}${period}`;
}

/** Quotes that show a free tier or trial, from the pricing evidence and the plans. */
export function freeStartEvidence(profile: VendorProfile): Evidence[] {
  return [...profile.pricing.evidence, ...profile.pricing.plans.map((plan) => plan.evidence)]
    .filter((evidence) => /\bfree\b|\btrial\b/i.test(evidence.quote))
    .slice(0, 1);
}

export function offersFreeStart(profile: VendorProfile): boolean {
  return profile.pricing.free_tier || profile.pricing.free_trial;
}

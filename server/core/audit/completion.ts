import { competitorNote, pageFor } from './context';
import { freeStartEvidence, hasPublicPrice, offersFreeStart, planPrice, pricedPlans } from './pricing';
import type { StageCheck } from './types';

/** Could an agent finish the purchase on its own: a price, an account, a checkout, no call with sales? */

const publicPricing: StageCheck = {
  code: 'public_pricing',
  stage: 'completion',
  title: 'Public pricing',
  points: 2,
  cause: 'pricing_not_published',
  evaluate(ctx) {
    const { profile } = ctx;
    if (hasPublicPrice(profile)) {
      const plan = pricedPlans(profile)[0]!;
      return { earned: 1, observation: `Prices are public (${plan.name}: ${planPrice(profile, plan)}).`, evidence: [plan.evidence] };
    }
    return {
      earned: 0,
      observation: 'No public price.',
      evidence: profile.pricing.evidence.slice(0, 1),
      issue: `${pageFor(profile, profile.pricing.pricing_url)} shows no price, so an agent cannot tell what it would be committing to${competitorNote(ctx, (vendor) => hasPublicPrice(vendor.profile), 'shows its prices')}.`,
      fix: `Publish each plan's price on ${pageFor(profile, profile.pricing.pricing_url)}.`,
    };
  },
};

const selfServeSignup: StageCheck = {
  code: 'self_serve_signup',
  stage: 'completion',
  title: 'Self-serve signup',
  points: 3,
  cause: 'no_self_serve_signup',
  evaluate(ctx) {
    const { signup } = ctx.profile;
    if (signup.self_serve) {
      return { earned: 1, observation: `Accounts are self-serve${signup.signup_url ? ` at ${signup.signup_url}` : ''}.`, evidence: signup.evidence.slice(0, 1) };
    }
    return {
      earned: 0,
      observation: 'No self-serve signup found.',
      evidence: signup.evidence.slice(0, 1),
      issue: `No way to create an account without talking to someone was found on ${pageFor(ctx.profile, signup.signup_url)}${competitorNote(ctx, (vendor) => vendor.profile.signup.self_serve, 'has a signup form')}.`,
      fix: `Offer a signup form (email and password, or single sign-on) linked from the home and pricing pages.`,
    };
  },
};

const onlineCheckout: StageCheck = {
  code: 'online_checkout',
  stage: 'completion',
  title: 'Online checkout',
  points: 2,
  cause: 'no_online_checkout',
  evaluate(ctx) {
    const { signup } = ctx.profile;
    if (signup.checkout) return { earned: 1, observation: 'A plan can be bought online.', evidence: signup.evidence.slice(0, 1) };
    return {
      earned: 0,
      observation: 'No online checkout found.',
      evidence: [],
      issue: `No way to pay online (card, checkout, upgrade in the dashboard) was found${competitorNote(ctx, (vendor) => vendor.profile.signup.checkout, 'takes payment online')}.`,
      fix: `Let buyers pay for a plan by card from ${pageFor(ctx.profile, ctx.profile.pricing.pricing_url)} or the dashboard.`,
    };
  },
};

const noSalesGate: StageCheck = {
  code: 'no_sales_gate',
  stage: 'completion',
  title: 'No sales gate',
  points: 2,
  cause: 'sales_gate',
  evaluate(ctx) {
    const { signup } = ctx.profile;
    if (!signup.sales_gate) return { earned: 1, observation: 'Buying needs no call with sales.', evidence: [] };
    const gate = signup.evidence.find((evidence) => /demo|sales|quote|call/i.test(evidence.quote));
    return {
      earned: 0,
      observation: 'Buying requires a demo, a quote or a sales call.',
      evidence: gate ? [gate] : [],
      issue: `Buying ${ctx.vendor.name} requires talking to sales${gate ? ` ("${gate.quote}", ${gate.source_url})` : ''}; an agent cannot book a call on the buyer's behalf${competitorNote(ctx, (vendor) => !vendor.profile.signup.sales_gate && vendor.profile.signup.checkout, 'can be bought online')}.`,
      fix: 'Let at least the entry plans be bought without a demo or a quote; keep sales for the largest plans.',
    };
  },
};

const freeStart: StageCheck = {
  code: 'free_start',
  stage: 'completion',
  title: 'Free tier or trial to start',
  points: 1,
  cause: 'no_free_tier_or_trial',
  evaluate(ctx) {
    if (offersFreeStart(ctx.profile)) return { earned: 1, observation: 'An agent can start for free.', evidence: freeStartEvidence(ctx.profile) };
    return {
      earned: 0,
      observation: 'No free tier or trial.',
      evidence: [],
      issue: `An agent cannot start with ${ctx.vendor.name} without paying first: no free tier or trial on ${pageFor(ctx.profile, ctx.profile.pricing.pricing_url)}${competitorNote(ctx, (vendor) => offersFreeStart(vendor.profile), 'offers one')}.`,
      fix: 'Offer a free tier or a free trial that needs no card, and say so on the pricing page.',
    };
  },
};

export const COMPLETION_CHECKS: readonly StageCheck[] = [publicPricing, selfServeSignup, onlineCheckout, noSalesGate, freeStart];

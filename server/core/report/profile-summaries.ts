import { emptyProfile, type Plan, type VendorProfile } from '../../contracts';
import type { ReportCheapestPlan, ReportProfileSummary } from '../../contracts/report';
import type { ReportInput } from './report-input';

/** Monthly equivalent, so a yearly plan and a monthly plan can be compared. */
function monthlyPrice(plan: Plan): number | null {
  if (plan.is_free) return 0;
  if (plan.price === null) return null;
  return plan.period === 'year' ? plan.price / 12 : plan.price;
}

function cheapestPlan(plans: readonly Plan[]): ReportCheapestPlan | null {
  let best: { plan: Plan; monthly: number } | null = null;
  for (const plan of plans) {
    const monthly = monthlyPrice(plan);
    if (monthly === null) continue;
    if (best === null || monthly < best.monthly) best = { plan, monthly };
  }
  if (best === null) return null;
  const { name, price, currency, period, is_free } = best.plan;
  return { name, price, currency, period, is_free };
}

function summarise(profile: VendorProfile, name: string, isCustomer: boolean): ReportProfileSummary {
  const sourceUrls = [...new Set(profile.pages.map((page) => page.final_url || page.url))];
  return {
    vendor_id: profile.vendor_id,
    name,
    website_url: profile.website_url,
    is_customer: isCustomer,
    status: profile.status,
    summary: profile.summary,
    ingested_at: profile.ingested_at,
    pricing: {
      published: profile.pricing.published,
      plan_count: profile.pricing.plans.length,
      cheapest_plan: cheapestPlan(profile.pricing.plans),
      free_tier: profile.pricing.free_tier,
      contact_sales: profile.pricing.contact_sales,
      pricing_url: profile.pricing.pricing_url,
    },
    documentation: {
      found: profile.documentation.found,
      quality_score: profile.documentation.quality_score,
      docs_url: profile.documentation.docs_url,
    },
    api: { has_api: profile.api.has_api, sandbox: profile.api.sandbox },
    signup: {
      self_serve: profile.signup.self_serve,
      checkout: profile.signup.checkout,
      sales_gate: profile.signup.sales_gate,
      signup_url: profile.signup.signup_url,
    },
    problem_count: profile.problems.length,
    source_urls: sourceUrls,
  };
}

/** One summary per vendor of the evaluation, the customer's product first. */
export function buildProfileSummaries(input: ReportInput, nameOf: (vendorId: string) => string): ReportProfileSummary[] {
  const customerId = input.evaluation.customer_vendor_id;
  const snapshots = new Map(input.profiles.map((profile) => [profile.vendor_id, profile]));
  const websites = new Map(input.vendors.map((vendor) => [vendor.id, vendor.website_url]));
  const vendorIds = [customerId, ...input.evaluation.vendor_ids.filter((id) => id !== customerId)];
  return vendorIds.map((vendorId) => {
    const profile = snapshots.get(vendorId) ?? {
      ...emptyProfile(vendorId, websites.get(vendorId) ?? ''),
      summary: 'No profile snapshot was stored with this evaluation.',
    };
    return summarise(profile, nameOf(vendorId), vendorId === customerId);
  });
}

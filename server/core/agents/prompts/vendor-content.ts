import type { Page, PageKind, VendorProfile } from '../../../contracts';
import { planPrice } from '../../audit/pricing';
import type { AgentVendor } from '../../ports';

/**
 * Vendor content goes to the model as data inside fences. Text taken from a
 * website can never close its fence: fence-like runs are replaced before it is
 * placed, so an instruction hidden in a page stays inside the data.
 */
export const DATA_OPEN = '<<<VENDOR_DATA';
export const DATA_CLOSE = '<<<END_VENDOR_DATA>>>';

/** Replaces sequences that could pose as a fence (ours, or a markdown code fence). */
export function neutralise(text: string): string {
  return text
    .replace(/<{3,}/g, (run) => '‹'.repeat(run.length))
    .replace(/>{3,}/g, (run) => '›'.repeat(run.length))
    .replace(/`{3,}/g, (run) => "'".repeat(run.length));
}

const attribute = (text: string) => neutralise(text).replace(/["\n\r]/g, ' ').trim();
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Pages an agent reads first when the budget is short. */
const PAGE_PRIORITY: readonly PageKind[] = ['home', 'pricing', 'signup', 'docs', 'api', 'features', 'llms', 'other'];

function profileFacts(profile: VendorProfile): string[] {
  const { pricing, documentation: docs, api, signup, site } = profile;
  const plans = pricing.plans.map((plan) => `${plan.name} ${planPrice(profile, plan)}`).join('; ');
  return [
    `Ingestion: ${profile.status}. ${profile.summary}`,
    `Title: ${site.title || '(none)'}. Description: ${site.description || '(none)'}`,
    `Pricing page: ${pricing.pricing_url ?? 'none found'}. Plans: ${plans || 'none found'}. Free tier: ${yesNo(pricing.free_tier)}. Free trial: ${yesNo(pricing.free_trial)}. Contact sales for prices: ${yesNo(pricing.contact_sales)}.`,
    `Documentation: ${docs.found ? (docs.docs_url ?? 'found') : 'none found'}. Quickstart: ${yesNo(docs.has_quickstart)}. Code samples: ${docs.code_languages.join(', ') || yesNo(docs.has_code_samples)}. API reference: ${yesNo(docs.has_api_reference)}.`,
    `API: ${yesNo(api.has_api)}. Auth: ${api.auth_methods.join(', ') || 'not documented'}. SDKs: ${api.sdks.join(', ') || 'none'}. Sandbox: ${yesNo(api.sandbox)}.`,
    `Signup: self-serve ${yesNo(signup.self_serve)} (${signup.signup_url ?? 'no signup page'}). Online checkout: ${yesNo(signup.checkout)}. Sales gate: ${yesNo(signup.sales_gate)}.`,
    ...profile.features.slice(0, 10).map((feature) => `Feature: ${feature.text}`),
  ];
}

function orderedPages(pages: Page[]): Page[] {
  const rank = (page: Page) => {
    const index = PAGE_PRIORITY.indexOf(page.kind);
    return index < 0 ? PAGE_PRIORITY.length : index;
  };
  return pages
    .filter((page) => page.kind !== 'robots' && page.text.trim().length > 0)
    .map((page, position) => ({ page, position }))
    .sort((a, b) => rank(a.page) - rank(b.page) || a.position - b.position)
    .map(({ page }) => page);
}

function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, Math.max(0, limit));
  const space = head.lastIndexOf(' ');
  return `${space > limit * 0.8 ? head.slice(0, space) : head} [cut]`;
}

/**
 * One vendor's content as a fenced data block: the facts ingestion found, then
 * page texts (most useful kinds first) sharing what is left of the budget.
 */
export function vendorDataBlock(vendor: AgentVendor, budgetChars: number): string {
  const facts = profileFacts(vendor.profile).map(neutralise).join('\n');
  const pages = orderedPages(vendor.profile.pages);
  let remaining = Math.max(0, budgetChars - facts.length);
  const pageBlocks: string[] = [];
  pages.forEach((page, index) => {
    const share = Math.floor(remaining / (pages.length - index));
    const header = `[page ${page.kind}] ${attribute(page.final_url || page.url)}`;
    if (share <= header.length + 40) return;
    const body = cut(neutralise(page.text), share - header.length - 1);
    pageBlocks.push(`${header}\n${body}`);
    remaining -= header.length + body.length + 1;
  });
  return [
    `${DATA_OPEN} name="${attribute(vendor.name)}" url="${attribute(vendor.website_url)}">>>`,
    'Facts found on the site:',
    facts,
    pageBlocks.length > 0 ? `Page texts (source URL first):\n${pageBlocks.join('\n\n')}` : 'Page texts: none could be read.',
    DATA_CLOSE,
  ].join('\n');
}

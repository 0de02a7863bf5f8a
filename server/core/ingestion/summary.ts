import type { IngestionProblem, ProfileStatus, VendorProfile } from '../../contracts';
import { displayHost } from './site-scope';

/** The profile's status and its one-sentence summary. */

type Topics = Pick<VendorProfile, 'pricing' | 'documentation' | 'signup' | 'pages' | 'problems' | 'website_url'>;

const PARTIAL_KINDS = new Set<IngestionProblem['kind']>(['unreachable', 'timeout', 'http_error', 'too_large', 'not_html', 'redirect_limit', 'robots_disallowed']);

/** ok: everything wanted was read; partial: some pages failed, were cut, or robots.txt kept some out. */
export function statusOf(problems: readonly IngestionProblem[]): Exclude<ProfileStatus, 'pending' | 'unreachable'> {
  return problems.some((problem) => PARTIAL_KINDS.has(problem.kind)) ? 'partial' : 'ok';
}

export function summarize(profile: Topics): string {
  const contentPages = profile.pages.filter((page) => page.kind !== 'robots' && page.kind !== 'llms' && page.http_status < 400).length;
  const parts = [pricingPart(profile), docsPart(profile), signupPart(profile)];
  const failed = profile.problems.filter((problem) => PARTIAL_KINDS.has(problem.kind)).length;
  const tail = failed > 0 ? `; ${failed} ${failed === 1 ? 'page' : 'pages'} could not be read in full` : '';
  return `Read ${contentPages} ${contentPages === 1 ? 'page' : 'pages'} of ${displayHost(profile.website_url)}: ${parts.join(', ')}${tail}.`;
}

function pricingPart({ pricing }: Topics): string {
  const priced = pricing.plans.filter((plan) => plan.price !== null);
  if (priced.length > 0) {
    const paid = priced.filter((plan) => !plan.is_free && plan.price !== null && plan.price > 0);
    const cheapest = paid.sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
    const plans = `${priced.length} priced ${priced.length === 1 ? 'plan' : 'plans'}`;
    if (!cheapest) return `${plans} (free)`;
    const period = cheapest.period === 'month' ? ' a month' : cheapest.period === 'year' ? ' a year' : '';
    return `${plans} from ${cheapest.price} ${cheapest.currency ?? ''}${period}`.replace(/\s+/g, ' ');
  }
  if (pricing.contact_sales) return 'no published prices (contact sales)';
  return pricing.pricing_url ? 'a pricing page without prices' : 'no pricing found';
}

function docsPart({ documentation }: Topics): string {
  if (!documentation.found) return 'no documentation found';
  const traits = [documentation.has_quickstart && 'a quickstart', documentation.has_api_reference && 'an API reference'].filter(
    (trait): trait is string => typeof trait === 'string',
  );
  const having = traits.length > 0 ? ` with ${traits.join(' and ')}` : '';
  return `documentation${having} (score ${documentation.quality_score}/100)`;
}

function signupPart({ signup }: Topics): string {
  if (signup.sales_gate) return 'buying goes through sales';
  if (signup.self_serve && signup.checkout) return 'self-serve signup and online checkout';
  if (signup.self_serve) return 'self-serve signup';
  return 'no self-serve signup found';
}

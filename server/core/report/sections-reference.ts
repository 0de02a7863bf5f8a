import type { ProfileStatus } from '../../contracts';
import type { ReportCheapestPlan, ReportDocument, ReportProfileSummary } from '../../contracts/report';
import { html, urlText, type SafeHtml } from './escape';
import { formatMoney, formatTimestamp, plural } from './format';
import { customerTag, scoreOutOf, yesNo } from './html-parts';

/** Vendor profiles, the definitions of every number, and the footer. */

const SOURCE_URLS_SHOWN = 8;

const STATUS_LABELS: Readonly<Record<ProfileStatus, string>> = {
  ok: 'Read in full',
  partial: 'Partly read',
  unreachable: 'Unreachable',
  pending: 'Not ingested',
};

function planPrice(plan: ReportCheapestPlan): string {
  if (plan.is_free || plan.price === null || plan.price === 0) return 'free';
  const price = formatMoney(plan.price, plan.currency);
  switch (plan.period) {
    case 'month':
      return `${price} a month`;
    case 'year':
      return `${price} a year (${formatMoney(Math.round((plan.price / 12) * 100) / 100, plan.currency)} a month)`;
    case 'one_time':
      return `${price} once`;
    case 'usage':
      return `${price}, by usage`;
    case 'unknown':
      return price;
  }
}

function pricingText(profile: ReportProfileSummary): string {
  const { pricing } = profile;
  if (!pricing.published) return `Not published${pricing.contact_sales ? ' (contact sales)' : ''}`;
  const plan = pricing.cheapest_plan;
  const cheapest = plan ? ` · cheapest: ${plan.name}, ${planPrice(plan)}` : '';
  return `Published, ${plural(pricing.plan_count, 'plan')}${cheapest}`;
}

function signupText(profile: ReportProfileSummary): string {
  const { signup } = profile;
  const parts = [signup.self_serve ? 'Self-serve sign-up' : 'No self-serve sign-up'];
  if (signup.checkout) parts.push('online checkout');
  if (signup.sales_gate) parts.push('sales gate');
  return parts.join(', ');
}

function profileCard(profile: ReportProfileSummary): SafeHtml {
  const shown = profile.source_urls.slice(0, SOURCE_URLS_SHOWN);
  const more = profile.source_urls.length - shown.length;
  const sources =
    shown.length > 0
      ? html`<ul class="sources">${shown.map((url) => html`<li>${urlText(url)}</li>`)}${
          more > 0 ? html`<li class="muted">and ${more} more</li>` : ''
        }</ul>`
      : html`<p class="muted">No page was read.</p>`;
  return html`<article class="card profile${profile.is_customer ? ' is-customer' : ''}">
    <div class="card-head">
      <h3>${profile.name}</h3> ${profile.is_customer ? customerTag() : ''}
      <span class="badge status-${profile.status}">${STATUS_LABELS[profile.status]}</span>
    </div>
    <p class="profile-url">${urlText(profile.website_url)}</p>
    <p>${profile.summary}</p>
    <dl class="facts">
      <div><dt>Pricing</dt><dd>${pricingText(profile)}</dd></div>
      <div><dt>Documentation quality</dt><dd>${profile.documentation.found ? scoreOutOf(profile.documentation.quality_score, 100) : 'No documentation found'}</dd></div>
      <div><dt>Sign-up</dt><dd>${signupText(profile)}</dd></div>
      <div><dt>API</dt><dd>${yesNo(profile.api.has_api)}${profile.api.sandbox ? ', with a sandbox' : ''}</dd></div>
      <div><dt>Problems while reading</dt><dd>${profile.problem_count}</dd></div>
      <div><dt>Read at</dt><dd>${formatTimestamp(profile.ingested_at)}</dd></div>
    </dl>
    <p class="block-label">Pages read</p>
    ${sources}
  </article>`;
}

export function profilesSection(report: ReportDocument): SafeHtml {
  return html`<section class="section page-break" aria-labelledby="profiles-title">
    <h2 id="profiles-title">Vendor profiles</h2>
    <p class="lede">What the agents could learn from each website, as read when the evaluation ran. Documentation quality is on 0 to 100:
      25 when documentation is found, +20 quickstart, +20 code samples, +20 API reference, +15 spread over several pages.</p>
    <div class="profile-grid">${report.profiles.map(profileCard)}</div>
  </section>`;
}

export function definitionsSection(report: ReportDocument): SafeHtml {
  const items = report.definitions.map(
    (definition) => html`<div class="definition"><dt>${definition.term} <span class="scale">${definition.scale}</span></dt><dd>${definition.definition}</dd></div>`,
  );
  return html`<section class="section page-break" aria-labelledby="definitions-title">
    <h2 id="definitions-title">How the numbers are computed</h2>
    <dl class="definitions">${items}</dl>
  </section>`;
}

export function footerSection(report: ReportDocument): SafeHtml {
  return html`<footer class="report-footer">
    <p>Vendor Evaluation · evaluation <code>${report.meta.evaluation_id}</code> · generated ${formatTimestamp(report.meta.generated_at)}</p>
    <p>Run scores are on 0 to 10; stage, overall and ranking scores on 0 to 100. Scores measure what AI buying agents could find and do on
      the vendors’ public websites when the evaluation ran.</p>
  </footer>`;
}

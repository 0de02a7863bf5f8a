import type { ReportDocument, ReportMeasuredEffect, ReportRootCause } from '../../contracts/report';
import { html, urlText, type SafeHtml } from './escape';
import { formatDelta, formatScore, STAGE_LABELS } from './format';
import { definitionNote, impactBadge, stageChip } from './html-parts';

/** Prioritised recommendations: the customer's root causes with fix, evidence and measured effect. */

/**
 * A diagnosis can hold a score of causes; the costliest get a full card and
 * the rest a table row, so the section stays a read of a page or two.
 */
const CARDS_SHOWN = 6;

function effectLine(effect: ReportMeasuredEffect): SafeHtml {
  const interval = effect.stage_delta_interval;
  const spread =
    interval && interval.n >= 2 && interval.low !== interval.high
      ? html`, 95% interval ${formatDelta(interval.low)} to ${formatDelta(interval.high)}`
      : html``;
  const error = effect.error ? html` <span class="muted">Not fully measured: ${effect.error}.</span>` : html``;
  return html`<span class="model">${effect.model}</span>: ${STAGE_LABELS[effect.stage]}
    ${formatScore(effect.stage_baseline)} → ${formatScore(effect.stage_variant)}
    (<strong>${formatDelta(effect.stage_delta)}</strong>${spread}), overall ${formatScore(effect.overall_baseline)} →
    ${formatScore(effect.overall_variant)} (<strong>${formatDelta(effect.overall_delta)}</strong>), on 0 to 100${error}`;
}

function measuredEffects(cause: ReportRootCause): SafeHtml {
  if (cause.measured_effects.length === 0) {
    return html`<p class="effect muted">Effect not measured: no causal variant was run for this fix.</p>`;
  }
  const rows = cause.measured_effects.map((effect) => html`<li>${effectLine(effect)}</li>`);
  return html`<div class="effect"><p class="effect-title">Measured effect of the fix</p><ul>${rows}</ul></div>`;
}

function evidenceList(cause: ReportRootCause): SafeHtml {
  if (cause.evidence.length === 0) return html``;
  const items = cause.evidence.map((item) => html`<li>${urlText(item.source_url)}<span class="evidence-detail">${item.detail}</span></li>`);
  return html`<div class="evidence"><p class="evidence-title">Evidence</p><ul>${items}</ul></div>`;
}

function recommendationCard(cause: ReportRootCause): SafeHtml {
  return html`<li class="card recommendation">
    <div class="card-head">
      <span class="priority" aria-label="Priority ${cause.priority}">${cause.priority}</span>
      ${impactBadge(cause.impact)} ${stageChip(cause.stage)}
      <span class="points">−${formatScore(cause.points_lost)} stage points of 100</span>
    </div>
    <h3 class="issue">${cause.issue}</h3>
    <p class="fix"><span class="label">Fix</span> ${cause.fix}</p>
    ${measuredEffects(cause)}
    ${evidenceList(cause)}
  </li>`;
}

function evidenceUrls(cause: ReportRootCause): SafeHtml {
  if (cause.evidence.length === 0) return html``;
  return html`<ul class="evidence-urls">${cause.evidence.map((item) => html`<li>${urlText(item.source_url)}</li>`)}</ul>`;
}

function furtherCauses(causes: readonly ReportRootCause[]): SafeHtml {
  if (causes.length === 0) return html``;
  const rows = causes.map(
    (cause) => html`<tr>
      <td class="num">${cause.priority}</td>
      <td>${impactBadge(cause.impact)}<br>${stageChip(cause.stage)}</td>
      <td><p class="row-issue">${cause.issue}</p><p class="row-fix"><span class="label">Fix</span> ${cause.fix}</p>${cause.measured_effects.map(
        (effect) => html`<p class="row-effect"><span class="label">Measured</span> ${effectLine(effect)}</p>`,
      )}${evidenceUrls(cause)}</td>
      <td class="num">−${formatScore(cause.points_lost)}</td>
    </tr>`,
  );
  return html`<table class="data-table further-causes">
    <caption>Further root causes, in priority order (stage points of 100)</caption>
    <thead><tr><th scope="col" class="num">#</th><th scope="col">Impact and stage</th><th scope="col">Issue, fix and evidence</th><th scope="col" class="num">Points</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`;
}

function competitorCauses(causes: readonly ReportRootCause[]): SafeHtml {
  if (causes.length === 0) return html``;
  const rows = causes.map(
    (cause) => html`<tr><td>${cause.vendor_name}</td><td>${STAGE_LABELS[cause.stage]}</td><td>${cause.issue}</td><td class="num">${formatScore(cause.points_lost)}</td></tr>`,
  );
  return html`<table class="data-table">
    <caption>Where competitors lose points (stage points of 100)</caption>
    <thead><tr><th scope="col">Vendor</th><th scope="col">Stage</th><th scope="col">Issue</th><th scope="col" class="num">Points lost</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`;
}

export function recommendationsSection(report: ReportDocument): SafeHtml {
  const own = report.diagnosis.root_causes.filter((cause) => cause.is_customer);
  const others = report.diagnosis.root_causes.filter((cause) => !cause.is_customer);
  const list =
    own.length > 0
      ? html`<ol class="recommendations">${own.slice(0, CARDS_SHOWN).map(recommendationCard)}</ol>
          ${furtherCauses(own.slice(CARDS_SHOWN))}`
      : html`<p class="empty">No root cause was found for ${report.customer.vendor_name}: the agents met nothing that cost it points.</p>`;
  return html`<section class="section page-break" aria-labelledby="recommendations-title">
    <h2 id="recommendations-title">Recommendations</h2>
    <p class="lede">Root causes of lost points for ${report.customer.vendor_name}, the costliest first, each with its fix and the
      pages it was read from.</p>
    ${list}
    ${competitorCauses(others)}
    <div class="notes">
      ${definitionNote(report, 'Impact of a root cause')}
      ${definitionNote(report, 'Causal variant')}
    </div>
  </section>`;
}

import type { ReportDocument, ReportRootCause, ReportTraceExcerpt } from '../../contracts/report';
import { FUNNEL_STAGES } from '../../contracts';
import { html, urlText, type SafeHtml } from './escape';
import { formatDelta, formatScore, plural, STAGE_LABELS } from './format';
import { definitionNote, impactBadge, scoreOutOf, stageChip } from './html-parts';

/** Prioritised recommendations and the trace excerpts behind the scores. */

function measuredEffects(cause: ReportRootCause): SafeHtml {
  if (cause.measured_effects.length === 0) {
    return html`<p class="effect muted">Effect not measured: no causal variant was run for this fix.</p>`;
  }
  const rows = cause.measured_effects.map(
    (effect) => html`<li><span class="model">${effect.model}</span>: ${STAGE_LABELS[effect.stage]}
      ${formatScore(effect.stage_baseline)} → ${formatScore(effect.stage_variant)}
      (<strong>${formatDelta(effect.stage_delta)}</strong>), overall ${formatScore(effect.overall_baseline)} →
      ${formatScore(effect.overall_variant)} (<strong>${formatDelta(effect.overall_delta)}</strong>), on 0 to 100</li>`,
  );
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
    <p class="fix"><span class="label">Fix</span>${cause.fix}</p>
    ${measuredEffects(cause)}
    ${evidenceList(cause)}
  </li>`;
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
      ? html`<ol class="recommendations">${own.map(recommendationCard)}</ol>`
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

/** Prose the model wrote reads as text; prompts and raw responses keep their layout in monospace. */
function textBlock(label: string, text: string, form: 'prose' | 'raw', fullLength?: number): SafeHtml {
  if (text.trim() === '') return html``;
  const note = fullLength !== undefined && fullLength > text.length ? ` (first part of ${fullLength} characters)` : '';
  const body = form === 'raw' ? html`<pre class="excerpt">${text}</pre>` : html`<p class="prose">${text}</p>`;
  return html`<div class="text-block"><p class="block-label">${label}${note}</p>${body}</div>`;
}

function traceCard(trace: ReportTraceExcerpt): SafeHtml {
  const evidence =
    trace.evidence.length > 0
      ? html`<div class="evidence"><p class="evidence-title">Evidence quoted by the model</p><ul>${trace.evidence.map(
          (item) => html`<li><q>${item.quote}</q> ${urlText(item.source_url)} <span class="${item.supported ? 'supported' : 'unsupported'}">${
            item.supported ? 'found on the page' : 'not found on the page'
          }</span></li>`,
        )}</ul></div>`
      : html``;
  return html`<article class="card trace">
    <div class="card-head">
      ${stageChip(trace.stage)}
      <span class="trace-score">${scoreOutOf(trace.score, 10)}</span>
      <span class="muted">run <code>${trace.run_id}</code> · ${trace.model}</span>
    </div>
    ${textBlock('Justification', trace.justification, 'prose')}
    ${textBlock('Reasoning', trace.reasoning, 'prose')}
    ${textBlock('Prompt', trace.prompt_excerpt, 'raw', trace.prompt_length)}
    ${textBlock('Response', trace.response_excerpt, 'raw', trace.response_length)}
    ${evidence}
  </article>`;
}

/** Beyond this the table stops being read; the JSON report and the runs endpoint list them all. */
const FAILED_RUNS_SHOWN = 40;

function failedRunsTable(report: ReportDocument): SafeHtml {
  const failed = report.traces.failed_runs;
  if (failed.length === 0) return html``;
  const hidden = failed.length - FAILED_RUNS_SHOWN;
  const rows = failed.slice(0, FAILED_RUNS_SHOWN).map(
    (run) => html`<tr><td><code>${run.run_id}</code></td><td>${run.vendor_name}</td><td>${STAGE_LABELS[run.stage]}</td><td>${run.model}</td><td class="error-text">${run.error}</td></tr>`,
  );
  return html`<h3 class="sub-title">Failed runs</h3>
    <table class="data-table failed-runs">
      <caption>${plural(failed.length, 'run')} failed and count toward no score</caption>
      <thead><tr><th scope="col">Run</th><th scope="col">Vendor</th><th scope="col">Stage</th><th scope="col">Model</th><th scope="col">Error</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    ${hidden > 0 ? html`<p class="muted">And ${plural(hidden, 'more failed run')}: see <code>GET /evaluations/{id}/runs?status=failed</code>.</p>` : ''}`;
}

export function tracesSection(report: ReportDocument): SafeHtml {
  const cards = FUNNEL_STAGES.map((stage) => {
    const trace = report.traces.lowest_by_stage.find((candidate) => candidate.stage === stage);
    if (trace) return traceCard(trace);
    return html`<article class="card trace"><div class="card-head">${stageChip(stage)}</div>
      <p class="empty">No run of ${report.customer.vendor_name} completed for this stage.</p></article>`;
  });
  return html`<section class="section page-break" aria-labelledby="traces-title">
    <h2 id="traces-title">Trace excerpts</h2>
    <p class="lede">For each stage, the lowest-scoring completed run of ${report.customer.vendor_name}: what the agent was asked, what it
      answered and why it scored as it did. Long text is cut (…); the full trace is at <code>GET /runs/{id}/trace</code>.</p>
    ${definitionNote(report, 'Run score')}
    ${cards}
    ${failedRunsTable(report)}
  </section>`;
}

import { FUNNEL_STAGES } from '../../contracts';
import type { ReportDocument, ReportTraceExcerpt } from '../../contracts/report';
import { html, urlText, type SafeHtml } from './escape';
import { plural, STAGE_LABELS } from './format';
import { definitionNote, scoreOutOf, stageChip } from './html-parts';

/** The trace excerpts behind the scores, and the runs that failed. */

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

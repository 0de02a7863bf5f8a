import { FUNNEL_STAGES } from '../../contracts';
import type { ReportDocument } from '../../contracts/report';
import { formatUsd } from '../evaluation/cost';
import { html, urlText, type SafeHtml } from './escape';
import {
  excerpt,
  formatDelta,
  formatMoney,
  formatScore,
  formatTimestamp,
  plural,
  STAGE_LABELS,
  STAGE_QUESTIONS,
} from './format';
import {
  bandClass,
  bandLegend,
  customerTag,
  definitionNote,
  impactBadge,
  intervalNote,
  scoreOutOf,
  stageChip,
} from './html-parts';
import { funnelChart, scoreGauge } from './svg-charts';

/** Header, headline numbers, the customer's funnel and the competitive comparison. */

/** The headline states the fix in a line or two; the recommendation card carries all of it. */
const TOP_FIX_SHOWN = 220;

function budgetText(report: ReportDocument): string {
  const { budget } = report.scenario;
  if (!budget) return 'None stated';
  const period = budget.period === 'one_time' ? 'one time' : `per ${budget.period}`;
  return `${formatMoney(budget.amount, budget.currency)} ${period}`;
}

function partialWarning(report: ReportDocument): SafeHtml {
  if (!report.meta.partial) return html``;
  const { runs } = report.meta;
  const which =
    runs.failed > 0
      ? html`${plural(runs.failed, 'run')} of ${runs.total} failed; the scores rest on the ${plural(runs.completed, 'run')} that completed,`
      : html`Not every planned run completed; the scores rest on the ${plural(runs.completed, 'run')} that did,`;
  const models = report.meta.failed_models.map(
    (failed) => html` Every run of <code>${failed.model}</code> failed, so the scores rest on the other models; its first error: ${failed.error}.`,
  );
  return html`<div class="warning" role="note">
    <strong>Partial results.</strong> ${which} and a stage with no completed run scores 0.${models}
    ${runs.failed > 0 ? 'The failed runs and their errors are listed under “Trace excerpts”.' : ''}
  </div>`;
}

export function headerSection(report: ReportDocument): SafeHtml {
  const { meta, customer, scenario } = report;
  const requirements =
    scenario.requirements.length > 0
      ? html`<ul class="requirements">${scenario.requirements.map((requirement) => html`<li>${requirement}</li>`)}</ul>`
      : html`<span class="muted">None stated</span>`;
  return html`<header class="report-header">
    <p class="eyebrow">Vendor Evaluation report</p>
    <h1>${customer.name}</h1>
    <p class="subtitle">How AI purchasing agents evaluate <strong>${customer.vendor_name}</strong> against ${plural(
      report.comparison.length - 1,
      'competitor',
    )} · ${urlText(customer.website_url)}</p>
    <blockquote class="task"><span class="label">Buying task</span>${scenario.task}</blockquote>
    <dl class="meta-grid">
      <div><dt>Category</dt><dd>${scenario.category}</dd></div>
      <div><dt>Budget</dt><dd>${budgetText(report)}</dd></div>
      <div><dt>Models</dt><dd>${meta.models.join(', ')}</dd></div>
      <div><dt>Runs</dt><dd>${meta.runs.completed} completed, ${meta.runs.failed} failed, ${meta.runs.total} in all</dd></div>
      <div><dt>Cost</dt><dd>${formatUsd(meta.cost_usd)} · ${meta.tokens.input_tokens.toLocaleString('en-US')} input and ${meta.tokens.output_tokens.toLocaleString('en-US')} output tokens</dd></div>
      <div><dt>Evaluation</dt><dd><code>${meta.evaluation_id}</code> · ${meta.status}</dd></div>
      <div><dt>Completed</dt><dd>${formatTimestamp(meta.completed_at)}</dd></div>
      <div><dt>Report generated</dt><dd>${formatTimestamp(meta.generated_at)}</dd></div>
      <div class="wide"><dt>Requirements</dt><dd>${requirements}</dd></div>
    </dl>
    ${partialWarning(report)}
  </header>`;
}

export function headlineSection(report: ReportDocument): SafeHtml {
  const { headline } = report;
  const topFix = headline.top_fix;
  const topFixBlock = topFix
    ? html`<div class="top-fix">
        <p class="tile-label">Top fix (recommendation ${topFix.priority})</p>
        <p class="top-fix-text">${excerpt(topFix.fix, TOP_FIX_SHOWN)}</p>
        <p class="muted">${impactBadge(topFix.impact)} ${stageChip(topFix.stage)} ${topFix.issue} · costs
          ${formatScore(topFix.points_lost)} stage points of 100${
            topFix.measured_overall_delta === null
              ? ''
              : html` · re-scored with the fix: <strong>${formatDelta(topFix.measured_overall_delta)}</strong> overall`
          }</p>
      </div>`
    : html`<div class="top-fix"><p class="tile-label">Top fix</p><p>No root cause was found for ${report.customer.vendor_name}.</p></div>`;
  return html`<section class="section headline" aria-labelledby="headline-title">
    <h2 id="headline-title">Headline</h2>
    <div class="tiles">
      <div class="tile tile-overall">
        ${scoreGauge(headline.overall_score, 'Overall score')}
        <p class="tile-label">Overall score</p>
        <p class="muted">95% interval: ${intervalNote(headline.overall_interval)}</p>
      </div>
      <div class="tile">
        <p class="tile-label">Rank</p>
        <p class="tile-number">${headline.rank} <span class="score-scale">of ${headline.vendor_count}</span></p>
        <p class="muted">vendors, 1 is best</p>
      </div>
      <div class="tile">
        <p class="tile-label">Strongest stage</p>
        <p class="tile-number ${bandClass(headline.strongest_stage.score)}-text">${scoreOutOf(headline.strongest_stage.score, 100)}</p>
        <p class="muted">${headline.strongest_stage.label}</p>
      </div>
      <div class="tile">
        <p class="tile-label">Weakest stage</p>
        <p class="tile-number ${bandClass(headline.weakest_stage.score)}-text">${scoreOutOf(headline.weakest_stage.score, 100)}</p>
        <p class="muted">${headline.weakest_stage.label}</p>
      </div>
    </div>
    ${topFixBlock}
    <div class="notes">
      ${definitionNote(report, 'Overall score')}
      ${definitionNote(report, 'Ranking score and rank')}
    </div>
  </section>`;
}

export function funnelSection(report: ReportDocument): SafeHtml {
  const rows = report.funnel.map(
    (entry, index) => html`<tr>
      <td class="num">${index + 1}</td>
      <th scope="row">${entry.label}</th>
      <td>${STAGE_QUESTIONS[entry.stage]}</td>
      <td class="num ${bandClass(entry.score)}-text">${scoreOutOf(entry.score, 100)}</td>
      <td class="num">${intervalNote(entry.interval)}</td>
    </tr>`,
  );
  return html`<section class="section funnel" aria-labelledby="funnel-title">
    <h2 id="funnel-title">The funnel of ${report.customer.vendor_name}</h2>
    <figure class="chart-figure">
      ${funnelChart(report.funnel, 'funnel-chart-title')}
      <figcaption>Stage scores of ${report.customer.vendor_name} in funnel order, left to right; bar height is the score on 0 to 100, and the whisker on a bar spans its 95% confidence interval (none when one sample cannot show a spread).</figcaption>
    </figure>
    ${bandLegend()}
    <table class="data-table stage-table">
      <caption>What each stage measures</caption>
      <thead><tr><th scope="col" class="num">#</th><th scope="col">Stage</th><th scope="col">Question</th><th scope="col" class="num">Score</th><th scope="col" class="num">95% interval</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    ${definitionNote(report, 'Stage score')}
    ${definitionNote(report, 'Confidence interval')}
  </section>`;
}

export function comparisonSection(report: ReportDocument): SafeHtml {
  const header = FUNNEL_STAGES.map((stage) => html`<th scope="col" class="num">${STAGE_LABELS[stage]}</th>`);
  const rows = report.comparison.map((vendor) => {
    const cells = vendor.stages.map(
      (entry) => html`<td class="cell ${bandClass(entry.score)}"><span class="cell-score">${formatScore(entry.score)}</span><span class="stage-rank" title="rank on this stage">#${entry.rank}</span>${entry.interval.low < entry.interval.high ? html`<span class="cell-interval">${intervalNote(entry.interval)}</span>` : ''}</td>`,
    );
    return html`<tr class="${vendor.is_customer ? 'is-customer' : ''}">
      <td class="num rank">${vendor.rank}</td>
      <th scope="row" class="vendor-name">${vendor.name} ${vendor.is_customer ? customerTag() : ''} <span class="vendor-url">${vendor.website_url}</span></th>
      ${cells}
      <td class="num overall"><span class="overall-score">${formatScore(vendor.overall)}</span><span class="cell-interval">${intervalNote(vendor.overall_interval)}</span>${
        vendor.tied_with.length > 0 ? html`<span class="tied" title="the 95% intervals overlap">tied with ${vendor.tied_with.join(', ')}</span>` : ''
      }<span class="meter" aria-hidden="true"><span class="meter-fill ${bandClass(vendor.overall)}-fill" style="width: ${Math.max(0, Math.min(100, vendor.overall))}%"></span></span></td>
    </tr>`;
  });
  return html`<section class="section comparison" aria-labelledby="comparison-title">
    <h2 id="comparison-title">Competitive comparison</h2>
    <table class="data-table heatmap">
      <caption>Every vendor on every stage, 0 to 100; “#n” is the vendor’s rank on that stage, and low–high is the 95% interval where the samples show a spread. Rows are ordered by overall rank; “tied with” names vendors whose overall intervals overlap: the samples cannot tell them apart.</caption>
      <thead><tr><th scope="col" class="num">Rank</th><th scope="col">Vendor</th>${header}<th scope="col" class="num">Overall</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    ${bandLegend()}
    ${definitionNote(report, 'Ranking score and rank')}
  </section>`;
}

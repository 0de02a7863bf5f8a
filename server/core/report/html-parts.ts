import type { FunnelStage, Impact, StageInterval } from '../../contracts';
import type { ReportDocument } from '../../contracts/report';
import { html, type SafeHtml } from './escape';
import { formatScore, IMPACT_LABELS, SCORE_BANDS, scoreBand, STAGE_LABELS } from './format';

/** Small pieces of markup the sections share. */

export function scoreOutOf(score: number, scale: 100 | 10): SafeHtml {
  return html`<span class="score-value">${formatScore(score)}</span><span class="score-scale"> / ${scale}</span>`;
}

export function impactBadge(impact: Impact): SafeHtml {
  return html`<span class="badge impact-${impact}">${IMPACT_LABELS[impact]}</span>`;
}

export function stageChip(stage: FunnelStage): SafeHtml {
  return html`<span class="chip stage-chip">${STAGE_LABELS[stage]}</span>`;
}

export function customerTag(): SafeHtml {
  return html`<span class="tag customer-tag">Your product</span>`;
}

export function bandClass(score: number): string {
  return `band-${scoreBand(score)}`;
}

export function bandLegend(): SafeHtml {
  return html`<p class="legend" aria-label="Colour key">
    <span class="swatch band-good"></span> ${SCORE_BANDS.good} to 100
    <span class="swatch band-average"></span> ${SCORE_BANDS.average} to ${SCORE_BANDS.good - 1}
    <span class="swatch band-poor"></span> 0 to ${SCORE_BANDS.average - 1}
  </p>`;
}

/** The published definition of a number, placed beside the number it explains. */
export function definitionNote(report: ReportDocument, term: string): SafeHtml {
  const definition = report.definitions.find((candidate) => candidate.term === term);
  if (!definition) return html``;
  return html`<p class="definition-note"><strong>${definition.term}</strong> (${definition.scale}): ${definition.definition}</p>`;
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** The spread behind a score: its 95% interval, or why there is none to show. */
export function intervalNote(interval: StageInterval): SafeHtml {
  if (interval.low < interval.high) {
    return html`<span class="interval" title="95% confidence interval over ${interval.n} samples">${formatScore(interval.low)}–${formatScore(interval.high)}</span>`;
  }
  const why = interval.n <= 1 ? 'one sample: no spread measured' : `${interval.n} samples agree`;
  return html`<span class="interval interval-none" title="95% confidence interval">${why}</span>`;
}

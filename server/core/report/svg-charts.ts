import type { ReportStageScore } from '../../contracts/report';
import { html, type SafeHtml } from './escape';
import { formatScore, scoreBand, type ScoreBand } from './format';

/** Fill colours as attributes, not CSS, so a chart copied out of the report keeps them. */
const BAND_COLOURS: Readonly<Record<ScoreBand, string>> = {
  good: '#1e8e5a',
  average: '#e09a0b',
  poor: '#d2422f',
};

const FUNNEL = {
  width: 680,
  height: 262,
  left: 40,
  right: 8,
  top: 28,
  plotHeight: 200,
  barWidth: 76,
} as const;

function clampScore(score: number): number {
  return Math.min(100, Math.max(0, Number.isFinite(score) ? score : 0));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Bar height on the chart's 0–100 axis: proportional to the score, nothing else. */
function funnelBarHeight(score: number): number {
  return round2((clampScore(score) / 100) * FUNNEL.plotHeight);
}

/**
 * The customer's five stage scores as vertical bars in funnel order, on a
 * fixed 0–100 axis so two reports can be compared by eye.
 */
export function funnelChart(funnel: readonly ReportStageScore[], titleId: string): SafeHtml {
  const baseline = FUNNEL.top + FUNNEL.plotHeight;
  const slot = (FUNNEL.width - FUNNEL.left - FUNNEL.right) / Math.max(1, funnel.length);
  const gridlines = [0, 25, 50, 75, 100].map((tick) => {
    const y = round2(baseline - (tick / 100) * FUNNEL.plotHeight);
    return html`<line x1="${FUNNEL.left}" x2="${FUNNEL.width - FUNNEL.right}" y1="${y}" y2="${y}" stroke="${tick === 0 ? '#9aa3af' : '#e5e7eb'}" stroke-width="1"/><text x="${FUNNEL.left - 8}" y="${y + 4}" text-anchor="end" font-size="11" fill="#6b7280">${tick}</text>`;
  });
  const bars = funnel.map((entry, index) => {
    const height = funnelBarHeight(entry.score);
    const x = round2(FUNNEL.left + index * slot + (slot - FUNNEL.barWidth) / 2);
    const centre = round2(x + FUNNEL.barWidth / 2);
    const y = round2(baseline - height);
    const spread = entry.interval.low < entry.interval.high;
    const top = spread ? round2(baseline - funnelBarHeight(entry.interval.high)) : y;
    const bottom = round2(baseline - funnelBarHeight(entry.interval.low));
    const whisker = spread
      ? html`<g class="error-bar" data-low="${formatScore(entry.interval.low)}" data-high="${formatScore(entry.interval.high)}" stroke="#111827" stroke-width="1.5"><line x1="${centre}" x2="${centre}" y1="${top}" y2="${bottom}"/><line x1="${centre - 8}" x2="${centre + 8}" y1="${top}" y2="${top}"/><line x1="${centre - 8}" x2="${centre + 8}" y1="${bottom}" y2="${bottom}"/><title>95% interval ${formatScore(entry.interval.low)} to ${formatScore(entry.interval.high)}</title></g>`
      : html``;
    return html`<g class="funnel-bar">
      <rect class="bar" data-stage="${entry.stage}" data-score="${formatScore(entry.score)}" x="${x}" y="${y}" width="${FUNNEL.barWidth}" height="${height}" rx="3" fill="${BAND_COLOURS[scoreBand(entry.score)]}"><title>${entry.label}: ${formatScore(entry.score)} / 100</title></rect>
${whisker}
      <text x="${centre}" y="${round2(Math.min(y, top) - 8)}" text-anchor="middle" font-size="15" font-weight="700" fill="#111827">${formatScore(entry.score)}</text>
      <text x="${centre}" y="${baseline + 22}" text-anchor="middle" font-size="12" font-weight="600" fill="#111827">${index + 1}. ${entry.label}</text>
    </g>`;
  });
  const description = funnel
    .map((entry) =>
      entry.interval.low < entry.interval.high
        ? `${entry.label} ${formatScore(entry.score)} (95% interval ${formatScore(entry.interval.low)} to ${formatScore(entry.interval.high)})`
        : `${entry.label} ${formatScore(entry.score)}`,
    )
    .join(', ');
  return html`<svg class="chart funnel-chart" viewBox="0 0 ${FUNNEL.width} ${FUNNEL.height}" width="100%" role="img" aria-labelledby="${titleId}" xmlns="http://www.w3.org/2000/svg" font-family="inherit">
    <title id="${titleId}">Funnel scores out of 100, in funnel order: ${description}</title>
    <text x="${FUNNEL.left - 30}" y="${FUNNEL.top - 14}" font-size="11" fill="#6b7280">Score out of 100</text>
    ${gridlines}${bars}
  </svg>`;
}

/** A ring gauge in the manner of audit reports: the arc is the score out of 100. */
export function scoreGauge(score: number, label: string): SafeHtml {
  const radius = 52;
  const circumference = round2(2 * Math.PI * radius);
  const arc = round2((clampScore(score) / 100) * circumference);
  const colour = BAND_COLOURS[scoreBand(score)];
  return html`<svg class="gauge" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${label}: ${formatScore(score)} out of 100" xmlns="http://www.w3.org/2000/svg">
    <circle cx="64" cy="64" r="${radius}" fill="none" stroke="#e5e7eb" stroke-width="10"/>
    <circle cx="64" cy="64" r="${radius}" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="${arc > 0 ? 'round' : 'butt'}" stroke-dasharray="${arc} ${circumference}" transform="rotate(-90 64 64)"/>
    <text x="64" y="68" text-anchor="middle" font-size="30" font-weight="700" fill="${colour}">${formatScore(score)}</text>
    <text x="64" y="88" text-anchor="middle" font-size="11" fill="#6b7280">/ 100</text>
  </svg>`;
}

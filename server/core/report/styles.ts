/**
 * The report's only style sheet, inlined: the document must render the same
 * offline, in the app and when printed to PDF.
 */
export const REPORT_CSS = `
:root {
  --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --paper: #ffffff; --canvas: #f3f4f6;
  --accent: #1d4ed8; --accent-soft: #eef2ff;
  --good: #1e8e5a; --good-soft: #dcf3e6; --average: #b86e00; --average-fill: #e09a0b; --average-soft: #fdf0d2;
  --poor: #c0392b; --poor-fill: #d2422f; --poor-soft: #fbe0dc;
}
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: var(--canvas); color: var(--ink);
  font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main.report { max-width: 960px; margin: 24px auto; background: var(--paper); padding: 36px 44px;
  border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.08), 0 8px 24px rgba(0,0,0,.04); }
h1 { font-size: 28px; line-height: 1.2; margin: 4px 0 6px; }
h2 { font-size: 20px; margin: 0 0 14px; padding-bottom: 8px; border-bottom: 2px solid var(--ink); }
h3 { font-size: 15px; margin: 0; }
p { margin: 6px 0; }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--canvas); padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
a.url, .vendor-url { color: var(--accent); word-break: break-all; text-decoration: none; }
span.url { color: var(--ink); word-break: break-all; }
.muted { color: var(--muted); }
.eyebrow { text-transform: uppercase; letter-spacing: .08em; font-size: 11px; font-weight: 700; color: var(--accent); margin: 0; }
.subtitle { color: var(--muted); margin: 0 0 16px; }
.label, .block-label, .tile-label, .evidence-title, .effect-title { display: block; font-size: 11px; font-weight: 700;
  text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 4px; }
.task { margin: 0 0 16px; padding: 12px 16px; background: var(--accent-soft); border-left: 4px solid var(--accent);
  border-radius: 0 6px 6px 0; font-size: 15px; white-space: pre-wrap; overflow-wrap: anywhere; }
.meta-grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px 20px; margin: 0; }
.meta-grid div { min-width: 0; }
.meta-grid .wide { grid-column: 1 / -1; }
.meta-grid dt { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.meta-grid dd { margin: 0; overflow-wrap: anywhere; }
.requirements { margin: 0; padding-left: 18px; }
.warning { margin-top: 16px; padding: 12px 16px; background: var(--average-soft); border: 1px solid #f3c969;
  border-left: 4px solid var(--average-fill); border-radius: 6px; }
.report-header { padding-bottom: 20px; border-bottom: 1px solid var(--line); }
.section { margin-top: 32px; }
.lede { color: var(--muted); margin: -4px 0 14px; }
.tiles { display: grid; grid-template-columns: 1.2fr 1fr 1fr 1fr; gap: 12px; }
.tile { border: 1px solid var(--line); border-radius: 8px; padding: 14px; text-align: center; display: flex;
  flex-direction: column; align-items: center; justify-content: center; }
.tile-number { font-size: 30px; font-weight: 700; margin: 4px 0; line-height: 1.1; }
.score-scale { font-size: .6em; font-weight: 500; color: var(--muted); }
.gauge { display: block; }
.top-fix { margin-top: 12px; padding: 14px 16px; border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 6px; }
.top-fix-text { font-size: 16px; font-weight: 600; margin: 2px 0 6px; }
.notes { margin-top: 12px; }
.definition-note { font-size: 12px; color: var(--muted); margin: 8px 0 0; padding-left: 10px; border-left: 2px solid var(--line); }
.definition-note strong { color: var(--ink); }
.definition-note + .card { margin-top: 12px; }
.chart-figure { margin: 0; }
.chart { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 12px; color: var(--muted); text-align: center; }
.legend { font-size: 12px; color: var(--muted); margin: 6px 0; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 3px 0 10px; vertical-align: -1px; }
.swatch.band-good { background: var(--good); } .swatch.band-average { background: var(--average-fill); } .swatch.band-poor { background: var(--poor-fill); }
.band-good-text { color: var(--good); } .band-average-text { color: var(--average); } .band-poor-text { color: var(--poor); }
.data-table { width: 100%; border-collapse: collapse; margin: 12px 0; font-size: 13px; }
.data-table caption { caption-side: top; text-align: left; font-size: 12px; color: var(--muted); padding-bottom: 6px; }
.data-table th, .data-table td { padding: 7px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.data-table thead th { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); border-bottom: 2px solid var(--line); }
.data-table .num { text-align: right; white-space: nowrap; }
.data-table .score-scale { font-size: .85em; }
.data-table tr { break-inside: avoid; page-break-inside: avoid; }
.heatmap td.cell { text-align: center; white-space: nowrap; font-variant-numeric: tabular-nums; }
.heatmap td.band-good { background: var(--good-soft); } .heatmap td.band-average { background: var(--average-soft); } .heatmap td.band-poor { background: var(--poor-soft); }
.cell-score { font-weight: 700; font-size: 14px; }
.stage-rank { font-size: 10px; color: var(--muted); margin-left: 4px; vertical-align: super; }
.heatmap tr.is-customer th, .heatmap tr.is-customer td { border-top: 2px solid var(--accent); border-bottom: 2px solid var(--accent); }
.heatmap tr.is-customer th { box-shadow: inset 4px 0 0 var(--accent); }
.vendor-name { min-width: 150px; }
.vendor-url { display: block; font-size: 11px; font-weight: 400; color: var(--muted); }
.heatmap .rank { font-weight: 700; font-size: 15px; }
.overall { min-width: 90px; }
.overall-score { font-weight: 700; font-size: 15px; }
.cell-interval { display: block; font-size: 10px; color: var(--muted); }
.interval { white-space: nowrap; font-variant-numeric: tabular-nums; }
.interval-none { font-style: italic; }
.tied { display: block; font-size: 10px; color: var(--muted); font-weight: 400; }
.meter { display: block; height: 5px; background: var(--line); border-radius: 3px; margin-top: 4px; overflow: hidden; }
.meter-fill { display: block; height: 100%; }
.band-good-fill { background: var(--good); } .band-average-fill { background: var(--average-fill); } .band-poor-fill { background: var(--poor-fill); }
.tag, .chip, .badge { display: inline-block; font-size: 11px; font-weight: 600; padding: 1px 8px; border-radius: 999px; white-space: nowrap; vertical-align: 1px; }
.customer-tag { background: var(--accent); color: #fff; }
.chip { background: var(--canvas); color: var(--ink); border: 1px solid var(--line); }
.impact-high { background: var(--poor-soft); color: var(--poor); } .impact-medium { background: var(--average-soft); color: var(--average); }
.impact-low { background: var(--good-soft); color: var(--good); }
.status-ok { background: var(--good-soft); color: var(--good); } .status-partial { background: var(--average-soft); color: var(--average); }
.status-unreachable, .status-pending { background: var(--poor-soft); color: var(--poor); }
.recommendations { list-style: none; margin: 0; padding: 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 0 0 12px; break-inside: avoid; page-break-inside: avoid; }
.card-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 8px; }
.priority { display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; border-radius: 50%;
  background: var(--ink); color: #fff; font-weight: 700; font-size: 12px; }
.points { margin-left: auto; font-weight: 700; color: var(--poor); font-size: 13px; }
.issue { font-size: 16px; margin-bottom: 6px; overflow-wrap: anywhere; }
.fix { background: var(--good-soft); border-radius: 6px; padding: 8px 12px; overflow-wrap: anywhere; }
.fix .label { color: var(--good); }
.effect { margin-top: 8px; font-size: 13px; }
.effect ul, .evidence ul, .sources { margin: 0; padding-left: 18px; }
.evidence { margin-top: 8px; font-size: 12.5px; overflow-wrap: anywhere; }
.evidence-detail { display: block; color: var(--muted); }
.evidence q { font-style: italic; }
.supported { color: var(--good); font-size: 11px; font-weight: 600; } .unsupported { color: var(--poor); font-size: 11px; font-weight: 600; }
.trace-score { font-size: 18px; font-weight: 700; }
.text-block { margin-top: 8px; }
pre.excerpt { margin: 0; padding: 8px 10px; background: #f9fafb; border: 1px solid var(--line); border-radius: 4px;
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; max-width: 100%; }
p.prose { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.failed-runs code { overflow-wrap: break-word; }
.further-causes .row-issue { font-weight: 600; margin: 0 0 4px; overflow-wrap: anywhere; }
.further-causes .row-fix, .further-causes .row-effect { margin: 0; overflow-wrap: anywhere; }
.further-causes .label { display: inline; margin-right: 6px; }
.further-causes .row-fix .label { color: var(--good); }
.further-causes .row-effect { font-size: 12.5px; margin-top: 2px; }
.further-causes .badge, .further-causes .chip { margin-bottom: 4px; }
.evidence-urls { margin: 4px 0 0; padding-left: 16px; font-size: 12px; }
.error-text { color: var(--poor); overflow-wrap: anywhere; }
.sub-title { margin-top: 20px; }
.empty { color: var(--muted); font-style: italic; }
.profile-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
.profile-grid .card { margin: 0; }
.profile.is-customer { border-color: var(--accent); box-shadow: inset 4px 0 0 var(--accent); }
.profile .card-head .badge { margin-left: auto; }
.profile-url { margin: -4px 0 6px; font-size: 12px; }
.facts { display: grid; grid-template-columns: 1fr; gap: 2px; margin: 8px 0; font-size: 13px; }
.facts div { display: grid; grid-template-columns: 150px 1fr; gap: 8px; border-bottom: 1px dashed var(--line); padding: 3px 0; }
.facts dt { color: var(--muted); } .facts dd { margin: 0; overflow-wrap: anywhere; }
.sources { font-size: 12px; }
.definitions { margin: 0; }
.definition { padding: 10px 0; border-bottom: 1px solid var(--line); break-inside: avoid; page-break-inside: avoid; }
.definition dt { font-weight: 700; }
.definition .scale { font-weight: 500; font-size: 12px; color: var(--muted); margin-left: 6px; }
.definition dd { margin: 2px 0 0; }
.report-footer { margin-top: 36px; padding-top: 12px; border-top: 1px solid var(--line); font-size: 12px; color: var(--muted); }
@media (max-width: 720px) {
  main.report { padding: 20px; margin: 0; border-radius: 0; }
  .tiles, .profile-grid, .meta-grid { grid-template-columns: 1fr 1fr; }
}
@page { margin: 14mm 12mm; }
@media print {
  body { background: var(--paper); font-size: 12px; }
  main.report { max-width: none; margin: 0; padding: 0; box-shadow: none; border-radius: 0; }
  .section.page-break { break-before: page; page-break-before: always; margin-top: 0; }
  .headline, .funnel, .comparison, .chart-figure, .tiles, .top-fix { break-inside: avoid; page-break-inside: avoid; }
  h2, h3, .card-head { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  a.url { color: var(--accent); }
  .chart-figure .chart { width: 86%; margin: 0 auto; }
  .card.trace { break-inside: auto; page-break-inside: auto; }
  .evidence, .effect { break-inside: avoid; page-break-inside: avoid; }
  .block-label, .evidence-title, .effect-title { break-after: avoid; page-break-after: avoid; }
  pre.excerpt, p.prose { orphans: 3; widows: 3; }
}
`;

/**
 * The evaluation report: one JSON document built from the stored evaluation,
 * and its rendering as self-contained, printable HTML.
 */
export type { ReportDocument } from '../../contracts/report';
export { buildReport } from './build-report';
export { renderReportHtml } from './render-html';
export { escapeHtml } from './escape';
export type { ReportInput } from './report-input';

import type { ReportDocument } from '../../contracts/report';
import { html, trustedMarkup } from './escape';
import { formatDate } from './format';
import { footerSection, definitionsSection, profilesSection } from './sections-reference';
import { recommendationsSection } from './sections-recommendations';
import { tracesSection } from './sections-traces';
import { comparisonSection, funnelSection, headerSection, headlineSection } from './sections-summary';
import { REPORT_CSS } from './styles';

/**
 * Nothing in the report may load from elsewhere: the policy forbids every
 * fetch and script, and allows only the inline style sheet and data: images.
 */
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The report as one self-contained HTML document, ready to view or print. */
export function renderReportHtml(report: ReportDocument): string {
  const title = `${report.customer.name}: vendor evaluation report, ${formatDate(report.meta.generated_at)}`;
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${trustedMarkup(REPORT_CSS)}</style>
</head>
<body>
<main class="report">
${headerSection(report)}
${headlineSection(report)}
${funnelSection(report)}
${comparisonSection(report)}
${recommendationsSection(report)}
${tracesSection(report)}
${profilesSection(report)}
${definitionsSection(report)}
${footerSection(report)}
</main>
</body>
</html>
`;
  return page.toString();
}

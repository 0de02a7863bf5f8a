import { FUNNEL_STAGES, type DiagnosisView, type ScoresView } from '../contracts';

/** A plain-text summary of scores, rankings and the top fixes, for a terminal. */
export function formatSummary(scores: ScoresView, diagnosis: DiagnosisView, topFixes = 3): string {
  const lines: string[] = [];
  const customer = scores.vendor_rankings.find((ranking) => ranking.is_customer);
  lines.push(
    `Overall score: ${scores.overall_score.toFixed(1)} / 100` +
      (customer ? `  (rank ${customer.rank} of ${scores.vendor_rankings.length})` : '') +
      (scores.partial ? '  [partial: some runs failed]' : ''),
  );
  lines.push('');
  lines.push('Funnel (0-100):');
  for (const stage of FUNNEL_STAGES) {
    const value = scores.funnel_scores[stage];
    lines.push(`  ${stage.padEnd(14)} ${value.toFixed(1).padStart(5)}  ${'#'.repeat(Math.round(value / 5))}`);
  }
  lines.push('');
  lines.push('Ranking:');
  const nameWidth = Math.max(6, ...scores.vendor_rankings.map((ranking) => ranking.name.length));
  for (const ranking of scores.vendor_rankings) {
    const marker = ranking.is_customer ? ' (you)' : '';
    lines.push(`  ${String(ranking.rank).padStart(2)}. ${ranking.name.padEnd(nameWidth)} ${ranking.score.toFixed(1).padStart(5)}${marker}`);
  }
  // The customer's own causes first: they name what to change on its site.
  const own = diagnosis.root_causes.filter((cause) => cause.vendor_id === diagnosis.customer_vendor_id);
  const fixes = (own.length > 0 ? own : diagnosis.root_causes).slice(0, topFixes);
  if (fixes.length > 0) {
    lines.push('');
    lines.push('Top fixes:');
    fixes.forEach((cause, index) => {
      lines.push(`  ${index + 1}. [${cause.impact}] ${cause.stage}: ${shorten(cause.issue)}`);
      lines.push(`     Fix: ${shorten(cause.fix)}`);
    });
  }
  return lines.join('\n');
}

function shorten(text: string, max = 240): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

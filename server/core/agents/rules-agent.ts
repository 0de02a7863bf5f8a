import type { Evidence, FunnelStage, TraceEvidence, VendorProfile } from '../../contracts';
import { auditStage, createAuditContext, type CheckResult, type StageAudit } from '../audit';
import type { BuyerAgent, StageAnswer, StageTask } from '../ports';
import { rulesPrompt } from './rules-prompt';

/** What a rules run keeps beside its score, for the diagnosis and the trace. */
export interface RulesRunDetail {
  agent: 'rules';
  stage: FunnelStage;
  vendor_id: string;
  score: number;
  checks: CheckResult[];
}

export const RULES_MODEL = 'rules';

const points = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The offline buying agent: it scores a stage by the checks of the audit, so
 * the same profiles and scenario always give the same answer, with no network
 * and no model. Its trace says so rather than imitating a model's.
 */
export function createRulesAgent(): BuyerAgent {
  return {
    id: RULES_MODEL,
    defaultSamples: 1,
    async runStage(task: StageTask, signal: AbortSignal): Promise<StageAnswer> {
      signal.throwIfAborted();
      const ctx = createAuditContext(task.scenario, task.vendor, task.vendors);
      const audit = auditStage(task.stage, ctx);
      const detail: RulesRunDetail = { agent: 'rules', stage: task.stage, vendor_id: task.vendor.id, score: audit.score, checks: audit.checks };
      return {
        prompt: rulesPrompt(task.stage, ctx),
        response: JSON.stringify(detail, null, 2),
        reasoning: audit.checks.map(reasoningLine).join('\n'),
        justification: justification(audit),
        score: audit.score,
        evidence: traceEvidence([task.vendor.profile, ...task.vendors.map((vendor) => vendor.profile)], audit.checks),
        temperature: null,
        seed: null,
        detail,
      };
    },
  };
}

function reasoningLine(check: CheckResult): string {
  const line = `[${points(check.points_earned)}/${check.points}] ${check.title}: ${check.observation}`;
  return check.issue && check.issue !== check.observation ? `${line} ${check.issue}` : line;
}

const MAX_REASONS = 3;

/**
 * "6.5/10: passed 4 of 6 checks; lost 3 points on public pricing: ...". Checks
 * that fail for the same reason (an unreadable site) are told once.
 */
export function justification(audit: StageAudit): string {
  const passed = audit.checks.filter((check) => check.earned >= 1).length;
  const head = `${points(audit.score)}/10: passed ${passed} of ${audit.checks.length} checks`;
  const losses = new Map<string, { titles: string[]; lost: number }>();
  for (const check of audit.checks) {
    const lost = check.points - check.points_earned;
    if (lost <= 0.005) continue;
    const reason = (check.issue ?? check.observation).replace(/\.$/, '');
    const loss = losses.get(reason) ?? { titles: [], lost: 0 };
    loss.titles.push(check.title.toLowerCase());
    loss.lost += lost;
    losses.set(reason, loss);
  }
  if (losses.size === 0) return `${head}.`;
  const ranked = [...losses].sort((a, b) => b[1].lost - a[1].lost);
  const reasons = ranked.slice(0, MAX_REASONS).map(([reason, { titles, lost }]) => {
    const where = titles.length === 1 ? titles[0] : `${titles.length} checks`;
    return `lost ${points(lost)} ${lost === 1 ? 'point' : 'points'} on ${where}: ${reason}`;
  });
  const more = ranked.length - MAX_REASONS;
  const rest = more > 0 ? `; and ${more} smaller ${more === 1 ? 'loss' : 'losses'}` : '';
  return `${head}; ${reasons.join('; ')}${rest}.`;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A quote is supported when the page stored for its URL contains it, whitespace aside. */
export function isSupported(profiles: VendorProfile[], evidence: Evidence): boolean {
  const quote = collapse(evidence.quote);
  if (!quote) return false;
  return profiles.some((profile) =>
    profile.pages.some(
      (page) => (page.url === evidence.source_url || page.final_url === evidence.source_url) && collapse(page.text).includes(quote),
    ),
  );
}

function traceEvidence(profiles: VendorProfile[], checks: CheckResult[]): TraceEvidence[] {
  const seen = new Set<string>();
  const evidence: TraceEvidence[] = [];
  for (const item of checks.flatMap((check) => check.evidence)) {
    const key = `${item.source_url}\n${item.quote}`;
    if (seen.has(key)) continue;
    seen.add(key);
    evidence.push({ quote: item.quote, source_url: item.source_url, supported: isSupported(profiles, item) });
  }
  return evidence;
}

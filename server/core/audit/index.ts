import type { FunnelStage } from '../../contracts';
import type { ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { COMPLETION_CHECKS } from './completion';
import { COMPREHENSION_CHECKS } from './comprehension';
import { CONSIDERATION_CHECKS } from './consideration';
import { createAuditContext, isUnreadable } from './context';
import { EXECUTABILITY_CHECKS } from './executability';
import { PREFERENCE_CHECKS } from './preference';
import type { AuditContext, CheckOutcome, CheckResult, StageAudit, StageCheck } from './types';

export const STAGE_CHECKS: Readonly<Record<FunnelStage, readonly StageCheck[]>> = {
  consideration: CONSIDERATION_CHECKS,
  comprehension: COMPREHENSION_CHECKS,
  preference: PREFERENCE_CHECKS,
  executability: EXECUTABILITY_CHECKS,
  completion: COMPLETION_CHECKS,
};

export const SITE_UNREACHABLE = 'site_unreachable';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function unreadableOutcome(ctx: AuditContext): CheckOutcome {
  return {
    earned: 0,
    observation: 'The website could not be read.',
    evidence: [],
    cause: SITE_UNREACHABLE,
    issue: `The website could not be read: ${ctx.profile.summary}`,
    fix: `Make ${ctx.profile.website_url} answer automated visitors with a readable HTML page (no block, no login wall), then run the evaluation again.`,
  };
}

export function runCheck(check: StageCheck, ctx: AuditContext): CheckResult {
  // Every check reads the site, so an unread site earns nothing anywhere.
  const outcome = isUnreadable(ctx.profile) ? unreadableOutcome(ctx) : check.evaluate(ctx);
  const earned = Math.min(1, Math.max(0, outcome.earned));
  const passed = earned >= 1;
  return {
    code: check.code,
    stage: check.stage,
    title: check.title,
    points: check.points,
    earned: round(earned, 3),
    points_earned: round(check.points * earned, 2),
    observation: outcome.observation,
    evidence: outcome.evidence,
    cause: passed ? null : (outcome.cause ?? check.cause),
    issue: passed ? null : (outcome.issue ?? outcome.observation),
    fix: passed ? null : (outcome.fix ?? null),
  };
}

export function auditStage(stage: FunnelStage, ctx: AuditContext): StageAudit {
  const checks = STAGE_CHECKS[stage].map((check) => runCheck(check, ctx));
  const total = STAGE_CHECKS[stage].reduce((sum, check, index) => sum + check.points * checks[index]!.earned, 0);
  return { stage, vendor_id: ctx.vendor.id, score: round(total, 1), checks };
}

/** One value per funnel stage. */
export function byStage<T>(value: (stage: FunnelStage) => T): Record<FunnelStage, T> {
  return {
    consideration: value('consideration'),
    comprehension: value('comprehension'),
    preference: value('preference'),
    executability: value('executability'),
    completion: value('completion'),
  };
}

/** The rules audit of one vendor at every stage, against the field of the evaluation. */
export function auditVendor(scenario: ScenarioRecord, vendor: AgentVendor, vendors: AgentVendor[]): Record<FunnelStage, StageAudit> {
  const ctx = createAuditContext(scenario, vendor, vendors);
  return byStage((stage) => auditStage(stage, ctx));
}

export { createAuditContext, withProfile, isUnreadable } from './context';
export type { AuditContext, CheckOutcome, CheckResult, StageAudit, StageCheck } from './types';
export type { Coverage, NeedCoverage, CoverageStatus } from './coverage';
export { coverageOf, coverNeed } from './coverage';
export { fixFor, type CauseFix } from './fixes';

import { FUNNEL_STAGES, type FunnelScores, type FunnelStage, type Impact, type RootCause } from '../../contracts';
import { auditVendor, type CheckResult, type StageAudit } from '../audit';
import type { ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { DECISIVE_LEAD, IMPACT_THRESHOLDS } from './definitions';
import { round1 } from './funnel';

export const COMPETITOR_LEADS = 'competitor_leads_stage';

/** Each rules point of a stage (0 to 10) is ten stage points (0 to 100). */
const STAGE_POINTS_PER_CHECK_POINT = 10;

export function impactOf(pointsLost: number): Impact {
  if (pointsLost >= IMPACT_THRESHOLDS.high) return 'high';
  if (pointsLost >= IMPACT_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export interface DiagnosisInput {
  scenario: ScenarioRecord;
  customer: AgentVendor;
  vendors: AgentVendor[];
  /** The rules audit of the customer's profile. */
  audit: Record<FunnelStage, StageAudit>;
  /** Measured stage scores (0 to 100) of any vendor of the evaluation. */
  scoresOf(vendorId: string): FunnelScores;
}

/**
 * The customer's root causes, highest points lost first: one per stage and
 * cause from the checks it did not fully pass, plus one per stage a competitor
 * leads decisively.
 */
export function rootCauses(input: DiagnosisInput): RootCause[] {
  const causes = [...checkCauses(input.customer, input.audit), ...competitorCauses(input)];
  const order = (stage: FunnelStage) => FUNNEL_STAGES.indexOf(stage);
  return causes.sort(
    (a, b) =>
      b.points_lost - a.points_lost ||
      order(a.stage) - order(b.stage) ||
      Number(a.code === COMPETITOR_LEADS) - Number(b.code === COMPETITOR_LEADS) ||
      a.code.localeCompare(b.code),
  );
}

function evidenceOf(customer: AgentVendor, check: CheckResult): RootCause['evidence'] {
  if (check.evidence.length > 0) return check.evidence.map((item) => ({ source_url: item.source_url, detail: item.quote }));
  return [{ source_url: customer.profile.website_url, detail: check.observation }];
}

/** Checks of one stage that share a cause (an unreadable site fails them all) make one root cause. */
function checkCauses(customer: AgentVendor, audit: Record<FunnelStage, StageAudit>): RootCause[] {
  const causes: RootCause[] = [];
  for (const stage of FUNNEL_STAGES) {
    const byCause = new Map<string, CheckResult[]>();
    for (const check of audit[stage].checks) {
      if (!check.cause) continue;
      byCause.set(check.cause, [...(byCause.get(check.cause) ?? []), check]);
    }
    for (const [code, checks] of byCause) {
      const pointsLost = round1(checks.reduce((sum, check) => sum + (check.points - check.points_earned), 0) * STAGE_POINTS_PER_CHECK_POINT);
      if (pointsLost <= 0) continue;
      const distinct = <T>(values: T[]) => [...new Set(values)];
      causes.push({
        stage,
        issue: distinct(checks.map((check) => check.issue ?? check.observation)).join(' '),
        impact: impactOf(pointsLost),
        fix: distinct(checks.flatMap((check) => (check.fix ? [check.fix] : []))).join(' '),
        code,
        vendor_id: customer.id,
        points_lost: pointsLost,
        evidence: checks.flatMap((check) => evidenceOf(customer, check)),
      });
    }
  }
  return causes;
}

const MAX_DIFFERENCES = 3;

const sentence = (text: string) => text.replace(/\.$/, '');

/**
 * Where the stage leader among the competitors measures at least DECISIVE_LEAD
 * points above the customer, say so, explained by the (up to three) checks on
 * which the leader gains most over the customer in the rules audit. Points lost
 * are those gains times 10, capped at the measured lead; the whole lead when
 * the rules audit finds no difference (the models saw one the checks do not).
 */
function competitorCauses(input: DiagnosisInput): RootCause[] {
  const own = input.scoresOf(input.customer.id);
  const competitors = input.vendors.filter((vendor) => vendor.id !== input.customer.id);
  const audits = new Map<string, Record<FunnelStage, StageAudit>>();
  const auditOf = (vendor: AgentVendor) => {
    let audit = audits.get(vendor.id);
    if (!audit) {
      audit = auditVendor(input.scenario, vendor, input.vendors);
      audits.set(vendor.id, audit);
    }
    return audit;
  };

  const causes: RootCause[] = [];
  for (const stage of FUNNEL_STAGES) {
    let leader: { vendor: AgentVendor; score: number } | null = null;
    for (const vendor of competitors) {
      const score = input.scoresOf(vendor.id)[stage];
      if (!leader || score > leader.score) leader = { vendor, score };
    }
    if (!leader) continue;
    const gap = round1(leader.score - own[stage]);
    if (gap < DECISIVE_LEAD) continue;

    const ours = input.audit[stage].checks;
    const differences = auditOf(leader.vendor)
      [stage].checks.map((theirs, index) => ({ theirs, ours: ours[index]!, margin: theirs.points_earned - ours[index]!.points_earned }))
      .filter((pair) => pair.margin > 0)
      .sort((a, b) => b.margin - a.margin)
      .slice(0, MAX_DIFFERENCES);
    const name = leader.vendor.name;
    const head = `${name} leads ${stage} by ${gap} points (${leader.score} against ${own[stage]})`;
    const reasons = differences.map(
      ({ theirs, ours: mine }) =>
        `on ${theirs.title.toLowerCase()}, ${name} earns ${theirs.points_earned}/${theirs.points} (${sentence(theirs.observation)}) and ${input.customer.name} ${mine.points_earned}/${mine.points} (${sentence(mine.observation)})`,
    );
    const explained = round1(differences.reduce((sum, pair) => sum + pair.margin, 0) * STAGE_POINTS_PER_CHECK_POINT);
    const pointsLost = differences.length > 0 ? Math.min(gap, explained) : gap;
    causes.push({
      stage,
      issue:
        differences.length > 0
          ? `${head}: ${reasons.join('; ')}.`
          : `${head}; the rules checks find no difference, so the lead comes from how the models read the two sites.`,
      impact: impactOf(pointsLost),
      fix:
        differences.flatMap(({ ours: mine }) => (mine.fix ? [mine.fix] : [])).join(' ') ||
        `Compare the ${stage} traces of ${name} and ${input.customer.name} to see what the models preferred.`,
      code: COMPETITOR_LEADS,
      vendor_id: leader.vendor.id,
      points_lost: pointsLost,
      evidence:
        differences.length > 0
          ? differences.flatMap(({ theirs, ours: mine }) => [
              ...theirs.evidence.slice(0, 1).map((item) => ({ source_url: item.source_url, detail: item.quote })),
              { source_url: input.customer.profile.website_url, detail: `${input.customer.name}: ${mine.observation}` },
            ])
          : [{ source_url: leader.vendor.profile.website_url, detail: `${stage}: ${leader.score} against ${own[stage]}` }],
    });
  }
  return causes;
}

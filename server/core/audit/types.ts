import type { Evidence, FunnelStage, VendorProfile } from '../../contracts';
import type { ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import type { Coverage } from './coverage';

/** Everything a check may look at: the scenario, the vendor it scores and the field it competes in. */
export interface AuditContext {
  scenario: ScenarioRecord;
  /** The scenario's requirements, or the needs its task and category imply when it lists none. */
  needs: string[];
  implicitNeeds: boolean;
  /** Words of the category and task that a relevant site mentions. */
  relevanceTerms: string[];
  vendor: AgentVendor;
  profile: VendorProfile;
  /** Every vendor of the evaluation, the scored one included. */
  vendors: AgentVendor[];
  competitors: AgentVendor[];
  /** Requirement coverage of any vendor of the field. */
  coverageOf(vendor: AgentVendor): Coverage;
}

export interface CheckOutcome {
  /** Share of the check's points earned, 0 to 1. */
  earned: number;
  /** What was found, in a sentence. */
  observation: string;
  evidence: Evidence[];
  /** What is wrong, naming the page, the missing thing and a competitor that does better; only when not fully earned. */
  issue?: string;
  fix?: string;
  /** Root-cause code when it differs from the check's usual cause (over budget rather than unpublished, say). */
  cause?: string;
}

/** One check of one funnel stage; the points of a stage's checks sum to 10. */
export interface StageCheck {
  code: string;
  stage: FunnelStage;
  title: string;
  points: number;
  /** Root-cause code reported when the check is not fully earned. */
  cause: string;
  evaluate(ctx: AuditContext): CheckOutcome;
}

/** A check's outcome as stored with a rules run and used by the diagnosis. */
export interface CheckResult {
  code: string;
  stage: FunnelStage;
  title: string;
  points: number;
  earned: number;
  points_earned: number;
  observation: string;
  evidence: Evidence[];
  /** Null when the check is fully earned. */
  cause: string | null;
  issue: string | null;
  fix: string | null;
}

export interface StageAudit {
  stage: FunnelStage;
  vendor_id: string;
  /** Sum of points earned, 0 to 10, one decimal. */
  score: number;
  checks: CheckResult[];
}

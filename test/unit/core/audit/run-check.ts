import type { FunnelStage, VendorProfile } from '../../../../server/contracts';
import { createAuditContext, runCheck, STAGE_CHECKS, type CheckResult } from '../../../../server/core/audit';
import type { ScenarioRecord } from '../../../../server/core/domain';
import type { AgentVendor } from '../../../../server/core/ports';
import { agentVendor, EMAIL_REQUIREMENTS, EMAIL_TASK, scenarioOf } from '../../../support/profiles';

export const emailScenario = (requirements: string[] = EMAIL_REQUIREMENTS, task = EMAIL_TASK): ScenarioRecord =>
  scenarioOf(task, 'email_api', requirements);

/** One check of a stage, run for the first profile against the others. */
export function checkResult(
  stage: FunnelStage,
  code: string,
  profile: VendorProfile,
  options: { competitors?: Array<[string, VendorProfile]>; scenario?: ScenarioRecord; name?: string } = {},
): CheckResult {
  const check = STAGE_CHECKS[stage].find((candidate) => candidate.code === code);
  if (!check) throw new Error(`no ${stage} check ${code}`);
  const vendor = agentVendor(options.name ?? 'Acme', profile, true);
  const vendors: AgentVendor[] = [vendor, ...(options.competitors ?? []).map(([name, other]) => agentVendor(name, other))];
  return runCheck(check, createAuditContext(options.scenario ?? emailScenario(), vendor, vendors));
}

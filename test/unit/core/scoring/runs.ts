import { FUNNEL_STAGES, type FunnelStage } from '../../../../server/contracts';
import { createRulesAgent } from '../../../../server/core/agents/rules-agent';
import type { RunRecord, ScenarioRecord } from '../../../../server/core/domain';
import type { AgentVendor } from '../../../../server/core/ports';

let seq = 0;

export function run(vendor: AgentVendor, stage: FunnelStage, model: string, score: number | null, status: RunRecord['status'] = 'completed'): RunRecord {
  seq += 1;
  return {
    id: `eval-1.${seq}`,
    evaluation_id: 'eval-1',
    seq,
    model,
    vendor_id: vendor.id,
    vendor_name: vendor.name,
    stage,
    status,
    score: status === 'completed' ? score : null,
    error: status === 'failed' ? 'model timed out' : null,
    duration_ms: 10,
    started_at: null,
    completed_at: null,
    samples: [],
    detail: null,
  };
}

/** The runs the rules agent would store for every vendor and stage. */
export async function rulesRuns(scenario: ScenarioRecord, vendors: AgentVendor[]): Promise<RunRecord[]> {
  const agent = createRulesAgent();
  const runs: RunRecord[] = [];
  for (const stage of FUNNEL_STAGES) {
    for (const vendor of vendors) {
      const answer = await agent.runStage({ stage, scenario, vendor, vendors, sample: 1 }, new AbortController().signal);
      runs.push({ ...run(vendor, stage, agent.id, answer.score), detail: answer.detail });
    }
  }
  return runs;
}

/** Runs of a model that scores every stage of a vendor the same. */
export function flatRuns(vendor: AgentVendor, model: string, score: number): RunRecord[] {
  return FUNNEL_STAGES.map((stage) => run(vendor, stage, model, score));
}

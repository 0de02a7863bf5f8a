import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES } from '../../../../server/contracts';
import { computeResults, rankVendors, stageScoresFor, type ResultsInput } from '../../../../server/core/scoring/results';
import type { AgentVendor } from '../../../../server/core/ports';
import type { RunRecord } from '../../../../server/core/domain';
import {
  agentVendor,
  EMAIL_REQUIREMENTS,
  EMAIL_TASK,
  mailCraneProfile,
  postBirdProfile,
  scenarioOf,
  sendGiantProfile,
} from '../../../support/profiles';
import { flatRuns, rulesRuns, run } from './runs';

const scenario = scenarioOf(EMAIL_TASK, 'email_api', EMAIL_REQUIREMENTS);

function field(customer: string): AgentVendor[] {
  return [
    agentVendor('PostBird', postBirdProfile(), customer === 'postbird'),
    agentVendor('MailCrane', mailCraneProfile(), customer === 'mailcrane'),
    agentVendor('SendGiant', sendGiantProfile(), customer === 'sendgiant'),
  ];
}

function input(customerVendorId: string, vendors: AgentVendor[], runs: RunRecord[], models = ['rules']): ResultsInput {
  return { evaluationId: 'eval-1', customerVendorId, vendors, scenario, models, runs, now: new Date('2026-03-01T12:00:00Z') };
}

describe('computeResults', () => {
  it('ranks the open vendor first, the ordinary one second and the sales-gated one last', async () => {
    const vendors = field('postbird');
    const results = computeResults(input('postbird', vendors, await rulesRuns(scenario, vendors)));
    const { scores } = results;

    expect(scores.vendor_rankings.map((ranking) => [ranking.name, ranking.rank, ranking.is_customer])).toEqual([
      ['MailCrane', 1, false],
      ['PostBird', 2, true],
      ['SendGiant', 3, false],
    ]);
    expect(scores.vendor_rankings[0]!.score).toBe(100);
    expect(scores.vendor_rankings[2]!.score).toBeLessThan(25);
    expect(scores.customer_vendor_id).toBe('postbird');
    expect(scores.funnel_scores).toEqual(scores.vendor_rankings[1]!.funnel_scores);
    const mean = FUNNEL_STAGES.reduce((sum, stage) => sum + scores.funnel_scores[stage], 0) / 5;
    expect(scores.overall_score).toBeCloseTo(mean, 1);
    expect(scores.partial).toBe(false);
    expect(scores.scale).toEqual({ run: '0-10', funnel: '0-100', overall: '0-100' });
    expect(scores.models).toEqual(['rules']);
    expect(results.computed_at).toBe('2026-03-01T12:00:00.000Z');
    // PostBird completes a purchase easily but is chosen rarely: over budget, thin docs
    expect(scores.funnel_scores.completion).toBe(90);
    expect(scores.funnel_scores.preference).toBeLessThan(40);
  });

  it('averages completed runs across models and ignores failed ones, marking the scores partial', () => {
    const vendors = field('postbird');
    const [postBird, mailCrane, sendGiant] = vendors as [AgentVendor, AgentVendor, AgentVendor];
    const runs = [
      ...flatRuns(postBird, 'rules', 6),
      ...flatRuns(postBird, 'openai:gpt-4o-mini', 8),
      ...flatRuns(mailCrane, 'rules', 9),
      ...flatRuns(sendGiant, 'rules', 2),
      run(mailCrane, 'preference', 'openai:gpt-4o-mini', null, 'failed'),
    ];
    const { scores } = computeResults(input('postbird', vendors, runs, ['rules', 'openai:gpt-4o-mini']));
    expect(scores.funnel_scores.consideration).toBe(70);
    expect(scores.vendor_rankings.find((ranking) => ranking.vendor_id === 'mailcrane')!.funnel_scores.preference).toBe(90);
    expect(scores.partial).toBe(true);
  });

  it('scores a stage with no completed run 0 and marks the scores partial', () => {
    const vendors = field('postbird');
    const [postBird, mailCrane, sendGiant] = vendors as [AgentVendor, AgentVendor, AgentVendor];
    const runs = [
      ...flatRuns(postBird, 'rules', 5).filter((item) => item.stage !== 'completion'),
      run(postBird, 'completion', 'rules', null, 'failed'),
      ...flatRuns(mailCrane, 'rules', 5),
      ...flatRuns(sendGiant, 'rules', 5),
    ];
    const { scores } = computeResults(input('postbird', vendors, runs));
    expect(scores.funnel_scores).toEqual({ consideration: 50, comprehension: 50, preference: 50, executability: 50, completion: 0 });
    expect(scores.overall_score).toBe(40);
    expect(scores.partial).toBe(true);
  });

  it('gives equal scores (to one decimal) one rank, lists them by name, and skips the next rank', () => {
    const vendors = [
      agentVendor('Zeta', postBirdProfile()),
      agentVendor('Alpha', mailCraneProfile()),
      agentVendor('Mid', sendGiantProfile()),
    ];
    const shaped = (vendor: AgentVendor, stageScores: number[]) => FUNNEL_STAGES.map((stage, index) => run(vendor, stage, 'rules', stageScores[index]!));
    const runs = [
      ...shaped(vendors[0]!, [7, 7, 7, 7, 7.1]),
      ...shaped(vendors[1]!, [7.1, 7, 7, 7, 7]),
      ...shaped(vendors[2]!, [3, 3, 3, 3, 3]),
    ];
    const rankings = rankVendors(vendors, (id) => stageScoresFor(id, runs).scores, 'postbird');
    expect(rankings.map((ranking) => [ranking.name, ranking.score, ranking.rank, ranking.is_customer])).toEqual([
      ['Alpha', 70.2, 1, false],
      ['Zeta', 70.2, 1, true],
      ['Mid', 30, 3, false],
    ]);
  });

  it('reports how many runs are behind each stage score', () => {
    const vendors = field('postbird');
    const runs = [...flatRuns(vendors[0]!, 'rules', 4), ...flatRuns(vendors[0]!, 'gemini:flash', 6), run(vendors[0]!, 'consideration', 'ollama:llama3', null, 'failed')];
    const stageScores = stageScoresFor('postbird', runs);
    expect(stageScores.runs.consideration).toBe(2);
    expect(stageScores.scores.consideration).toBe(50);
    expect(stageScores.missing_stages).toEqual([]);
    expect(stageScoresFor('nobody', runs).missing_stages).toEqual([...FUNNEL_STAGES]);
  });

  it('refuses a customer that is not one of the vendors', () => {
    expect(() => computeResults(input('ghost', field('postbird'), []))).toThrow("the customer's vendor 'ghost' is not one of the evaluation's vendors");
  });
});

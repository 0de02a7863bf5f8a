import { FUNNEL_STAGES, type FunnelStage } from '../../contracts';
import type { ReportVendorComparison } from '../../contracts/report';
import { roundScore } from './format';
import type { ReportInput } from './report-input';

/** Competition ranking (1, 1, 3) on scores rounded to one decimal, as the definitions state. */
function competitionRanks(scores: readonly number[]): number[] {
  const rounded = scores.map(roundScore);
  return rounded.map((score) => 1 + rounded.filter((other) => other > score).length);
}

export function buildComparison(input: ReportInput): ReportVendorComparison[] {
  const { scores } = input.results;
  const websites = new Map(input.vendors.map((vendor) => [vendor.id, vendor.website_url]));
  const rankings = [...scores.vendor_rankings].sort((a, b) => a.rank - b.rank);
  const stageRanks = new Map<FunnelStage, number[]>(
    FUNNEL_STAGES.map((stage) => [stage, competitionRanks(rankings.map((ranking) => ranking.funnel_scores[stage]))]),
  );
  const names = new Map(rankings.map((ranking) => [ranking.vendor_id, ranking.name]));
  return rankings.map((ranking, index) => ({
    vendor_id: ranking.vendor_id,
    name: ranking.name,
    website_url: websites.get(ranking.vendor_id) ?? '',
    is_customer: ranking.vendor_id === scores.customer_vendor_id,
    overall: ranking.score,
    overall_interval: ranking.interval,
    rank: ranking.rank,
    tied_with: ranking.tied_with.map((vendorId) => names.get(vendorId) ?? vendorId),
    stages: FUNNEL_STAGES.map((stage) => ({
      stage,
      score: ranking.funnel_scores[stage],
      interval: ranking.funnel_intervals[stage],
      rank: stageRanks.get(stage)?.[index] ?? rankings.length,
    })),
  }));
}

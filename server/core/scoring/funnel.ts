import { FUNNEL_STAGES, type FunnelScores } from '../../contracts';

export const round1 = (value: number) => Math.round(value * 10) / 10;

export const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

/** Mean of the five stage scores, to one decimal. */
export function overallScore(scores: FunnelScores): number {
  return round1(mean(FUNNEL_STAGES.map((stage) => scores[stage])));
}

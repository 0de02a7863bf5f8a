import type { z } from 'zod';
import { FUNNEL_STAGES, StageIntervalSchema, type FunnelStage } from '../../server/contracts';

export type StageInterval = z.infer<typeof StageIntervalSchema>;
export type StageIntervals = Partial<Record<FunnelStage, StageInterval>>;

/** Where a scores view (or one vendor of it) may carry per-stage intervals. */
const INTERVAL_KEYS = ['funnel_intervals', 'stage_intervals', 'intervals'];

/**
 * The per-stage intervals of a record when the server sends them. The scores
 * view does not carry them yet; they are shown as soon as it does.
 */
export function intervalsOf(record: object): StageIntervals {
  const source = INTERVAL_KEYS.map((key) => Reflect.get(record, key)).find((value) => typeof value === 'object' && value !== null);
  if (!source) return {};
  const intervals: StageIntervals = {};
  for (const stage of FUNNEL_STAGES) {
    const parsed = StageIntervalSchema.safeParse(Reflect.get(source, stage));
    if (parsed.success) intervals[stage] = parsed.data;
  }
  return intervals;
}

export function describeInterval(interval: StageInterval | undefined): string {
  // One sample shows no spread: low = high = mean says nothing worth a column.
  if (!interval || interval.n < 2 || interval.high - interval.low < 0.05) return '';
  return `95% ${interval.low.toFixed(0)}–${interval.high.toFixed(0)} (n=${interval.n})`;
}

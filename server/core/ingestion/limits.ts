/** Bounds on one website ingestion, so a slow, huge or hostile site costs a known amount. */
export interface IngestionLimits {
  /** HTML pages requested, the home page included (probes that find nothing do not count). */
  maxPages: number;
  /** One page, headers and body together. */
  pageTimeoutMs: number;
  /** Bytes read of one page; the rest is cut. */
  maxPageBytes: number;
  maxRedirects: number;
  /** The whole ingestion. */
  totalTimeMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  userAgent: string;
}

export const DEFAULT_INGESTION_LIMITS: IngestionLimits = {
  maxPages: 12,
  pageTimeoutMs: 8000,
  maxPageBytes: 1_500_000,
  maxRedirects: 5,
  totalTimeMs: 30_000,
  concurrency: 3,
  userAgent: 'VendorEvaluationBot/0.1 (+vendor profile for buyer-agent evaluation)',
};

/** Limits with defaults filled in; nonsense values (zero, negative, NaN) fall back to the default. */
export function resolveLimits(overrides: Partial<IngestionLimits> = {}): IngestionLimits {
  const pick = (key: Exclude<keyof IngestionLimits, 'userAgent'>, min: number): number => {
    const value = overrides[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= min ? Math.floor(value) : DEFAULT_INGESTION_LIMITS[key];
  };
  return {
    maxPages: pick('maxPages', 1),
    pageTimeoutMs: pick('pageTimeoutMs', 1),
    maxPageBytes: pick('maxPageBytes', 1),
    maxRedirects: pick('maxRedirects', 0),
    totalTimeMs: pick('totalTimeMs', 1),
    concurrency: pick('concurrency', 1),
    userAgent: overrides.userAgent?.trim() || DEFAULT_INGESTION_LIMITS.userAgent,
  };
}

/** How one failed provider call is classified, which decides whether to try again. */
export type FailureKind = 'rate_limited' | 'server_error' | 'timeout' | 'connection' | 'quota_exhausted' | 'rejected' | 'invalid_reply';

export interface ProviderFailure {
  kind: FailureKind;
  /** HTTP status, when the provider answered. */
  status: number | null;
  retryable: boolean;
  /** What the provider asked us to wait (Retry-After, or Gemini's RetryInfo). */
  retryAfterMs: number | null;
  message: string;
}

const KIND_WORDS: Record<FailureKind, string> = {
  rate_limited: 'rate limited',
  server_error: 'server error',
  timeout: 'no answer within the time limit',
  connection: 'connection failed',
  quota_exhausted: 'quota exhausted',
  rejected: 'request rejected',
  invalid_reply: 'unusable reply',
};

/**
 * A provider call that failed for good. Its message says which provider,
 * the HTTP status, how many attempts were made and why, with keys removed:
 * it becomes the failed sample's recorded reason.
 */
export class ProviderCallError extends Error {
  constructor(
    readonly provider: string,
    readonly model: string,
    readonly failure: ProviderFailure,
    readonly attempts: number,
  ) {
    const status = failure.status === null ? '' : ` (HTTP ${failure.status})`;
    const tries = `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
    super(`${provider} ${model}: ${KIND_WORDS[failure.kind]}${status} after ${tries}: ${failure.message}`);
    this.name = 'ProviderCallError';
  }
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A failure classified by HTTP status alone, for providers without finer signals. */
export function failureFromStatus(status: number, message: string, retryAfterMs: number | null): ProviderFailure {
  if (status === 429) return { kind: 'rate_limited', status, retryable: true, retryAfterMs, message };
  if (status === 408) return { kind: 'timeout', status, retryable: true, retryAfterMs, message };
  if (status >= 500) return { kind: 'server_error', status, retryable: true, retryAfterMs, message };
  return { kind: 'rejected', status, retryable: false, retryAfterMs: null, message };
}

/** Node's fetch reports a dropped connection as a TypeError whose cause carries the code. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  return (
    /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT)$/.test(code) ||
    /fetch failed|socket hang up|terminated|other side closed/i.test(error.message)
  );
}

import type { ChatRequest, TokenUsage } from '../../core/agents/llm-provider';
import type { Logger } from '../../core/ports';
import { ProviderCallError, isConnectionError, type ProviderFailure } from './provider-failure';
import type { Redactor } from './redact';

export interface TransportReply {
  text: string;
  usage: TokenUsage | null;
}

/** One provider endpoint speaking its own wire protocol through its SDK; one attempt per send. */
export interface ChatTransport {
  readonly provider: string;
  readonly model: string;
  /** The endpoint, part of the cache key (a key never is). */
  readonly baseUrl: string;
  send(request: ChatRequest, signal: AbortSignal): Promise<TransportReply>;
  /** What a thrown error means: status, whether to retry, how long the provider asked us to wait. */
  classify(error: unknown): ProviderFailure;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First backoff; doubles per attempt, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** A provider asking to wait longer than this fails the call rather than stall the evaluation. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  timeoutMs: 120_000,
  maxRetryAfterMs: 120_000,
};

/** Runs one attempt inside the provider's concurrency limit. */
export type Limit = <T>(attempt: () => Promise<T>) => Promise<T>;

export interface RetryDeps {
  policy: RetryPolicy;
  limit: Limit;
  redact: Redactor;
  logger: Logger;
  random?: () => number;
}

class AttemptTimeout extends Error {}

/** Exponential backoff with jitter: half fixed, half random, so clients that failed together spread out. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function attemptOnce(transport: ChatTransport, request: ChatRequest, timeoutMs: number, outer: AbortSignal): Promise<TransportReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
  const onAbort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  try {
    // The SDK may not settle on abort while it waits for headers; the race makes the limit firm.
    return await Promise.race([
      transport.send(request, controller.signal),
      new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })),
    ]);
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', onAbort);
  }
}

/**
 * Sends a request with the project's retry policy (the SDKs' own retries are
 * off): 429, 5xx, timeouts and dropped connections are tried again after an
 * exponential, jittered backoff or the wait the provider asked for; a rejected
 * request or an exhausted quota fails at once.
 */
export async function sendWithRetries(transport: ChatTransport, request: ChatRequest, signal: AbortSignal, deps: RetryDeps): Promise<TransportReply> {
  const { policy, redact } = deps;
  for (let attempt = 1; ; attempt += 1) {
    signal.throwIfAborted();
    let failure: ProviderFailure;
    try {
      return await deps.limit(() => attemptOnce(transport, request, policy.timeoutMs, signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      failure = classify(transport, error);
    }
    failure = { ...failure, message: redact(failure.message) };
    const tooLong = failure.retryAfterMs !== null && failure.retryAfterMs > policy.maxRetryAfterMs;
    if (!failure.retryable || attempt >= policy.maxAttempts || tooLong) {
      if (tooLong) failure = { ...failure, message: `${failure.message} (asked to wait ${Math.round(failure.retryAfterMs! / 1000)} s)` };
      throw new ProviderCallError(transport.provider, transport.model, failure, attempt);
    }
    const wait = failure.retryAfterMs ?? backoffDelay(attempt, policy, deps.random);
    deps.logger.warn('model provider call failed; retrying', {
      provider: transport.provider,
      model: transport.model,
      status: failure.status,
      kind: failure.kind,
      attempt,
      wait_ms: wait,
      error: failure.message,
    });
    await sleep(wait, signal);
  }
}

function classify(transport: ChatTransport, error: unknown): ProviderFailure {
  if (error instanceof AttemptTimeout) return { kind: 'timeout', status: null, retryable: true, retryAfterMs: null, message: error.message };
  const failure = transport.classify(error);
  if (failure.kind === 'rejected' && failure.status === null && isConnectionError(error)) {
    return { ...failure, kind: 'connection', retryable: true };
  }
  return failure;
}

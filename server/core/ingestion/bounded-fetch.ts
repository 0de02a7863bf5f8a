import type { FetchOutcome, PageFetcher } from '../ports';
import type { IngestionLimits } from './limits';

/**
 * Every request of one ingestion goes through here: each gets the page
 * timeout or what is left of the total time, whichever is shorter, and is
 * given up on at that bound even if the fetcher does not return.
 */

export type BoundedOutcome = FetchOutcome & { cutByDeadline: boolean };

const MIN_USEFUL_MS = 50;
// A fetcher that overruns its own timeout is abandoned this much later.
const OVERRUN_SLACK_MS = 250;

export class BoundedFetch {
  private readonly started = performance.now();
  private readonly deadline = new AbortController();
  private readonly deadlineTimer: ReturnType<typeof setTimeout>;
  private readonly signal: AbortSignal;

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly limits: IngestionLimits,
    private readonly external?: AbortSignal,
  ) {
    this.deadlineTimer = setTimeout(() => this.deadline.abort(), limits.totalTimeMs);
    this.signal = external ? AbortSignal.any([external, this.deadline.signal]) : this.deadline.signal;
  }

  remainingMs(): number {
    return this.limits.totalTimeMs - (performance.now() - this.started);
  }

  timeIsUp(): boolean {
    return this.deadline.signal.aborted || this.remainingMs() <= MIN_USEFUL_MS;
  }

  /** Stops the deadline timer; call once the ingestion is over. */
  dispose(): void {
    clearTimeout(this.deadlineTimer);
  }

  async fetch(url: string, maxBytes: number): Promise<BoundedOutcome> {
    this.external?.throwIfAborted();
    const remaining = this.remainingMs();
    if (this.timeIsUp()) return this.timedOut(url, true);
    const cutByDeadline = remaining < this.limits.pageTimeoutMs;
    const timeoutMs = Math.max(1, Math.floor(Math.min(this.limits.pageTimeoutMs, remaining)));
    const request = { url, timeoutMs, maxBytes, maxRedirects: this.limits.maxRedirects, userAgent: this.limits.userAgent };
    let guard: ReturnType<typeof setTimeout> | undefined;
    const overrun = new Promise<BoundedOutcome>((resolve) => {
      guard = setTimeout(() => resolve(this.timedOut(url, cutByDeadline)), timeoutMs + OVERRUN_SLACK_MS);
    });
    try {
      const outcome = await Promise.race([this.fetcher.fetch(request, this.signal).then((result) => ({ ...result, cutByDeadline })), overrun]);
      return outcome;
    } catch (error) {
      if (this.external?.aborted) throw this.external.reason;
      if (this.deadline.signal.aborted) return this.timedOut(url, true);
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, url, kind: 'unreachable', detail, redirects: [], durationMs: 0, cutByDeadline: false };
    } finally {
      clearTimeout(guard);
    }
  }

  private timedOut(url: string, cutByDeadline: boolean): BoundedOutcome {
    return { ok: false, url, kind: 'timeout', detail: 'no answer in time', redirects: [], durationMs: 0, cutByDeadline };
  }
}

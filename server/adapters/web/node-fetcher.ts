import type { FetchFailureKind, FetchOutcome, FetchRequest, PageFetcher } from '../../core/ports';
import { decodeBody, isTextual } from './decode-body';

/**
 * Reads web pages with Node's fetch under hard bounds: redirects are followed
 * one by one (to count them, spot loops and keep every hop), one timer covers
 * headers and body, and the body stops at maxBytes.
 *
 * Website problems resolve as failure outcomes; only the caller's own abort
 * rejects (with the signal's reason), as fetch itself does.
 */
export function createNodeFetcher(): PageFetcher {
  return { fetch: fetchPage };
}

const ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5';

class FetchFailure extends Error {
  constructor(
    readonly kind: FetchFailureKind,
    detail: string,
  ) {
    super(detail);
  }
}

async function fetchPage(request: FetchRequest, signal?: AbortSignal): Promise<FetchOutcome> {
  signal?.throwIfAborted();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const redirects: string[] = [];
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new FetchFailure('timeout', noAnswerWithin(request.timeoutMs))), request.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  try {
    let current = parseWebUrl(request.url);
    // Sites often set a cookie and redirect back to the same address (consent, bot checks):
    // cookies travel along the chain, and only a revisit with nothing new is a loop.
    const cookies = new CookieJar();
    const visited = new Set<string>([cookies.stateFor(current)]);
    for (;;) {
      const response = await send(current, request, cookies.headerFor(current), combined);
      cookies.store(current, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (isRedirect(response.status) && location !== null) {
        await response.body?.cancel().catch(() => undefined);
        redirects.push(current.href);
        const next = resolveRedirect(location, current);
        const state = cookies.stateFor(next);
        if (visited.has(state)) {
          throw new FetchFailure('redirect_limit', `Redirect loop: ${current.href} leads back to ${next.href}`);
        }
        if (redirects.length > request.maxRedirects) {
          throw new FetchFailure('redirect_limit', `More than ${request.maxRedirects} redirects, the last to ${next.href}`);
        }
        visited.add(state);
        current = next;
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      const body = await readBody(response, request.maxBytes, contentType);
      return {
        ok: true,
        url: request.url,
        finalUrl: current.href,
        redirects,
        status: response.status,
        contentType,
        body: body.text,
        bytes: body.bytes,
        truncated: body.truncated,
        durationMs: elapsed(),
      };
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const failure = classify(error, timer.signal, request);
    return { ok: false, url: request.url, kind: failure.kind, detail: failure.message, redirects, durationMs: elapsed() };
  } finally {
    clearTimeout(timeout);
  }
}

async function send(url: URL, request: FetchRequest, cookie: string, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { 'user-agent': request.userAgent, accept: ACCEPT, 'accept-language': 'en;q=1, *;q=0.5' };
  if (cookie !== '') headers.cookie = cookie;
  return fetch(url, { redirect: 'manual', signal, headers });
}

/** Cookies of one request's redirect chain, per host; nothing is kept between requests. */
class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const jar = this.byHost.get(url.host) ?? new Map<string, string>();
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      this.byHost.set(url.host, jar);
    }
  }

  headerFor(url: URL): string {
    return [...(this.byHost.get(url.host) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  stateFor(url: URL): string {
    return `${url.href}\n${this.headerFor(url)}`;
  }
}

function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchFailure('invalid_url', `"${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure('invalid_url', `Only http and https addresses can be read, not ${url.protocol.replace(':', '')}`);
  }
  url.hash = '';
  return url;
}

function resolveRedirect(location: string, from: URL): URL {
  try {
    return parseWebUrl(new URL(location, from).href);
  } catch (error) {
    if (error instanceof FetchFailure) throw new FetchFailure('invalid_url', `${from.href} redirects to ${location}: ${error.message}`);
    throw error;
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

interface ReadBody {
  text: string;
  bytes: number;
  truncated: boolean;
}

async function readBody(response: Response, maxBytes: number, contentType: string): Promise<ReadBody> {
  const stream = response.body;
  if (!stream) return { text: '', bytes: 0, truncated: false };
  const lengthHeader = response.headers.get('content-length');
  const declared = Number(lengthHeader);
  const hasLength = lengthHeader !== null && Number.isFinite(declared);
  if (contentType !== '' && !isTextual(contentType)) {
    // A binary body is never read: its size comes from the header alone.
    await stream.cancel().catch(() => undefined);
    return { text: '', bytes: hasLength ? Math.min(declared, maxBytes) : 0, truncated: hasLength && declared > maxBytes };
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.byteLength >= room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      truncated = value.byteLength > room || (hasLength ? declared > maxBytes : !(await endsNow(reader)));
      if (truncated) await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  const data = concat(chunks, bytes);
  const decoded = decodeBody(data, contentType);
  return { text: decoded ?? '', bytes, truncated };
}

/** Without a length header, a body of exactly maxBytes may be complete: look for one more chunk. */
async function endsNow(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  const next = await reader.read();
  return next.done === true;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function classify(error: unknown, timer: AbortSignal, request: FetchRequest): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (timer.aborted) {
    return timer.reason instanceof FetchFailure ? timer.reason : new FetchFailure('timeout', noAnswerWithin(request.timeoutMs));
  }
  const code = errorCode(error);
  const host = safeHost(request.url);
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FetchFailure('unreachable', `The host name ${host} could not be found`);
    case 'ECONNREFUSED':
      return new FetchFailure('unreachable', `${host} refused the connection`);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return new FetchFailure('unreachable', `${host} closed the connection before answering`);
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new FetchFailure('timeout', noAnswerWithin(request.timeoutMs));
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FetchFailure('unreachable', `${host} cannot be reached from this network`);
    default: {
      if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
        return new FetchFailure('unreachable', `The secure connection to ${host} failed (${code})`);
      }
      const message = error instanceof Error ? (causeMessage(error) ?? error.message) : String(error);
      return new FetchFailure('unreachable', `${host} could not be read: ${message}`);
    }
  }
}

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string') return current.code;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function causeMessage(error: Error): string | undefined {
  return error.cause instanceof Error ? error.cause.message : undefined;
}

function safeHost(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return raw;
  }
}

function noAnswerWithin(ms: number): string {
  return `No complete answer within ${formatSeconds(ms)}`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

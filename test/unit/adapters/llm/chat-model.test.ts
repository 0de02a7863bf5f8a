import { afterEach, describe, expect, it } from 'vitest';
import { createChatModel } from '../../../../server/adapters/llm/chat-model';
import { createGeminiTransport } from '../../../../server/adapters/llm/gemini-transport';
import { createOpenAiTransport } from '../../../../server/adapters/llm/openai-transport';
import { ProviderCallError, parseRetryAfter } from '../../../../server/adapters/llm/provider-failure';
import { createRedactor } from '../../../../server/adapters/llm/redact';
import { ResponseCache } from '../../../../server/adapters/llm/response-cache';
import { DEFAULT_RETRY_POLICY, type ChatTransport, type Limit, type RetryPolicy } from '../../../../server/adapters/llm/retry';
import type { ChatModel, ChatRequest } from '../../../../server/core/agents/llm-provider';
import { STAGE_SCORE_SCHEMA } from '../../../../server/core/agents/prompts/output-schemas';
import type { Logger } from '../../../../server/core/ports';
import { startFakeProvider, type FakeProvider } from '../../../support/fake-providers';
import { useTempDir } from '../../../support/temp-dir';
import pLimit from 'p-limit';

const KEY = 'sk-canary-1234567890abcdef';
const FAST: RetryPolicy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 20, maxDelayMs: 50, timeoutMs: 2_000, maxAttempts: 3 };

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are a buyer.' },
    { role: 'user', content: 'Score it.\n<<<VENDOR_DATA name="Acme" url="http://acme.test/">>>\n[page home] http://acme.test/\nAcme pricing and API docs\n<<<END_VENDOR_DATA>>>' },
  ],
  output: STAGE_SCORE_SCHEMA,
  temperature: 0.7,
  seed: 1,
};

const fakes: FakeProvider[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});
const tempDir = useTempDir('vendor-eval-llm-');

interface Logged {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

function recordingLogger(into: Logged[]): Logger {
  return {
    info: (message, fields) => void into.push({ level: 'info', message, fields }),
    warn: (message, fields) => void into.push({ level: 'warn', message, fields }),
    error: (message, fields) => void into.push({ level: 'error', message, fields }),
  };
}

async function setup(
  protocol: 'openai' | 'gemini',
  options: { policy?: Partial<RetryPolicy>; cache?: boolean; limit?: Limit } = {},
): Promise<{ fake: FakeProvider; chat: ChatModel; logs: Logged[] }> {
  const fake = await startFakeProvider();
  fakes.push(fake);
  const transport: ChatTransport =
    protocol === 'openai'
      ? createOpenAiTransport({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: fake.openaiUrl, apiKey: KEY })
      : createGeminiTransport({ model: 'gemini-2.0-flash', baseUrl: fake.url, apiKey: KEY });
  const logs: Logged[] = [];
  const cache = options.cache ? new ResponseCache(tempDir()) : null;
  const chat = createChatModel(transport, cache, {
    policy: { ...FAST, ...options.policy },
    limit: options.limit ?? ((attempt) => attempt()),
    redact: createRedactor([KEY]),
    logger: recordingLogger(logs),
  });
  return { fake, chat, logs };
}

const call = (chat: ChatModel, noCache = false) => chat.complete(request, { signal: new AbortController().signal, noCache });

async function failureOf(promise: Promise<unknown>): Promise<ProviderCallError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderCallError);
  return error as ProviderCallError;
}

describe.each(['openai', 'gemini'] as const)('%s through its SDK', (protocol) => {
  it('answers with JSON and reports token usage', async () => {
    const { fake, chat } = await setup(protocol);
    const reply = await call(chat);
    expect(JSON.parse(reply.text)).toMatchObject({ score: expect.any(Number), evidence: [{ source_url: 'http://acme.test/' }] });
    expect(reply.usage?.input_tokens).toBeGreaterThan(0);
    expect(reply.cached).toBe(false);
    expect(fake.requests[0]!.key).toBe(KEY);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    const { fake, chat } = await setup(protocol);
    fake.script({ status: 429, retryAfter: '1' });
    await call(chat);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('gives up on a persistent 503 after the configured attempts, saying so', async () => {
    const { fake, chat, logs } = await setup(protocol);
    fake.always({ status: 503 });
    const error = await failureOf(call(chat));
    expect(fake.requests).toHaveLength(3);
    expect(error.attempts).toBe(3);
    expect(error.failure.status).toBe(503);
    expect(error.message).toMatch(new RegExp(`^${protocol} .*server error \\(HTTP 503\\) after 3 attempts`));
    expect(logs.filter((entry) => entry.message.includes('retrying'))).toHaveLength(2);
  });

  it('bounds a call that never answers by the per-call timeout, and retries it', async () => {
    const { fake, chat } = await setup(protocol, { policy: { timeoutMs: 300, maxAttempts: 2 } });
    fake.always({ hang: true });
    const started = Date.now();
    const error = await failureOf(call(chat));
    expect(error.failure.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('does not retry an exhausted quota', async () => {
    const { fake, chat } = await setup(protocol);
    fake.always({ quota: true });
    const error = await failureOf(call(chat));
    expect(error.failure.kind).toBe('quota_exhausted');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a dropped connection', async () => {
    const { fake, chat } = await setup(protocol);
    fake.script({ drop: true });
    const reply = await call(chat);
    expect(reply.text).toContain('score');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a rejected key, and removes the key the server echoed', async () => {
    const { fake, chat, logs } = await setup(protocol);
    fake.always({ echoKey: true });
    const error = await failureOf(call(chat));
    expect(fake.requests).toHaveLength(1);
    expect(error.failure.status).toBe(401);
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(logs)).not.toContain(KEY);
  });

  it('answers a repeated request from the disk cache, but never caches a failure', async () => {
    const { fake, chat } = await setup(protocol, { cache: true });
    fake.script({ status: 400 });
    await failureOf(call(chat));
    const first = await call(chat);
    const second = await call(chat);
    expect(fake.requests).toHaveLength(2);
    expect(second).toEqual({ ...first, cached: true });
    const fresh = await call(chat, true);
    expect(fresh.cached).toBe(false);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not cache a reply the agent could not use', async () => {
    const { fake, chat } = await setup(protocol, { cache: true });
    const unusable = { signal: new AbortController().signal, usable: () => false };
    await chat.complete(request, unusable);
    await chat.complete(request, unusable);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('provider failures', () => {
  it("honours Gemini's RetryInfo delay on a per-minute limit", async () => {
    const { fake, chat } = await setup('gemini');
    fake.script({ geminiRetryDelay: '0.5s' });
    await call(chat);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(490);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:07 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('fails at once when the provider asks for a longer wait than allowed', async () => {
    const { fake, chat } = await setup('openai', { policy: { maxRetryAfterMs: 5_000 } });
    fake.script({ status: 429, retryAfter: '600' });
    const error = await failureOf(call(chat));
    expect(fake.requests).toHaveLength(1);
    expect(error.message).toContain('asked to wait 600 s');
  });

  it('keeps calls to one provider within its concurrency limit', async () => {
    const limiter = pLimit(1);
    const { fake, chat } = await setup('openai', { limit: (attempt) => limiter(attempt) });
    await Promise.all(
      [1, 2, 3, 4].map((seed) => chat.complete({ ...request, seed }, { signal: new AbortController().signal })),
    );
    expect(fake.requests).toHaveLength(4);
    expect(fake.maxInFlight).toBe(1);
  });
});

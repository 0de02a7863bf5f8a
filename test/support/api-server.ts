import { createServer } from 'node:net';
import { afterEach } from 'vitest';
import { createContext, type AppConfig, type AppContext } from '../../server/context';
import { createApp } from '../../server/http/app';
import { listen } from '../../server/http/listen';
import { useTempDir } from './temp-dir';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestApi {
  base: string;
  ctx: AppContext;
  dataDir: string;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** Sends a raw body with the given content type. */
  postRaw<T = any>(path: string, raw: string, contentType?: string): Promise<ApiResponse<T>>;
  /** Waits until the evaluation ends and returns its final status view. */
  waitForEvaluation(id: string, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

/** Short ingestion bounds keep tests against unreachable or slow sites fast. */
export const TEST_INGESTION_LIMITS = { pageTimeoutMs: 2_000, totalTimeMs: 6_000, maxPages: 8 };

/**
 * Starts the real express app with the real sql.js store in a fresh data folder
 * on 127.0.0.1 and an ephemeral port; closed after the test.
 */
export function useApi(): (config?: Partial<AppConfig>) => Promise<TestApi> {
  const tempDir = useTempDir('vendor-eval-api-');
  const open: TestApi[] = [];
  afterEach(async () => {
    for (const api of open.splice(0)) await api.close();
  });
  return async (config = {}) => {
    const api = await startTestApi({ dataDir: tempDir(), ...config });
    open.push(api);
    return api;
  };
}

export async function startTestApi(config: AppConfig): Promise<TestApi> {
  const ctx = await createContext({ ingestionLimits: TEST_INGESTION_LIMITS, ...config });
  const server = await listen(createApp(ctx, { version: 'test' }), 0);
  const base = server.apiUrl;
  const call = async <T>(method: string, path: string, init: RequestInit = {}): Promise<ApiResponse<T>> => {
    const response = await fetch(`${base}${path}`, { method, ...init });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: body as T, text };
  };
  let closed = false;
  const api: TestApi = {
    base,
    ctx,
    dataDir: config.dataDir,
    get: (path, headers) => call('GET', path, { headers }),
    post: (path, body, headers) =>
      call('POST', path, {
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    postRaw: (path, raw, contentType = 'application/json') =>
      call('POST', path, { headers: { 'content-type': contentType }, body: raw }),
    async waitForEvaluation(id, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = await api.get(`/evaluations/${id}/status`);
        if (status.body.status === 'completed' || status.body.status === 'failed') {
          await ctx.runner.waitFor(id);
          return status.body;
        }
        if (Date.now() > deadline) throw new Error(`evaluation ${id} still ${status.body.status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await ctx.close();
    },
  };
  return api;
}

/** A 127.0.0.1 URL where nothing listens (the port was free a moment ago). */
export async function deadSiteUrl(): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const free = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(free));
    });
  });
  return `http://127.0.0.1:${port}/`;
}

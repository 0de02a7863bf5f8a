import { ApiError, GoogleGenAI, type Content } from '@google/genai';
import type { ChatRequest } from '../../core/agents/llm-provider';
import { failureFromStatus, isConnectionError, parseRetryAfter, type ProviderFailure } from './provider-failure';
import type { ChatTransport, TransportReply } from './retry';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export interface GeminiEndpoint {
  model: string;
  baseUrl: string;
  apiKey: string;
}

/** The SDK's error loses the response headers; Retry-After travels beside it. */
class GeminiCallError extends Error {
  constructor(
    readonly original: unknown,
    readonly headers: Headers | null,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/** Gemini through Google's SDK, with the endpoint overridable (GEMINI_BASE_URL). */
export function createGeminiTransport(endpoint: GeminiEndpoint): ChatTransport {
  const client = new GoogleGenAI({ apiKey: endpoint.apiKey, httpOptions: { baseUrl: endpoint.baseUrl, apiVersion: 'v1beta' } });
  return {
    provider: 'gemini',
    model: endpoint.model,
    baseUrl: endpoint.baseUrl,
    async send(request: ChatRequest, signal: AbortSignal): Promise<TransportReply> {
      let headers: Headers | null = null;
      const recordingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        headers = response.headers;
        return response;
      };
      const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
      const contents: Content[] = request.messages
        .filter((message) => message.role !== 'system')
        .map((message) => ({ role: message.role === 'assistant' ? 'model' : 'user', parts: [{ text: message.content }] }));
      try {
        const response = await client.models.generateContent({
          model: endpoint.model,
          contents,
          config: {
            ...(system.length > 0 ? { systemInstruction: system.join('\n\n') } : {}),
            responseMimeType: 'application/json',
            responseJsonSchema: request.output.schema,
            temperature: request.temperature,
            seed: request.seed,
            abortSignal: signal,
            httpOptions: { fetch: recordingFetch },
          },
        });
        const text = response.text;
        if (typeof text !== 'string') throw new Error(`the reply held no text (${response.candidates?.[0]?.finishReason ?? 'no candidate'})`);
        const meta = response.usageMetadata;
        const usage = meta ? { input_tokens: meta.promptTokenCount ?? 0, output_tokens: meta.candidatesTokenCount ?? 0 } : null;
        return { text, usage };
      } catch (error) {
        throw new GeminiCallError(error, headers);
      }
    },
    classify: classifyGeminiError,
  };
}

interface GoogleErrorBody {
  message: string;
  status: string;
  retryDelayMs: number | null;
}

/** The SDK puts the JSON error body in the message: `{"error":{"code":429,"status":"RESOURCE_EXHAUSTED",...}}`. */
function readErrorBody(message: string): GoogleErrorBody {
  try {
    const body = JSON.parse(message) as { error?: { message?: unknown; status?: unknown; details?: unknown } };
    const details = Array.isArray(body.error?.details) ? (body.error.details as Record<string, unknown>[]) : [];
    const retryInfo = details.find((detail) => String(detail['@type'] ?? '').endsWith('google.rpc.RetryInfo'));
    const delay = typeof retryInfo?.retryDelay === 'string' ? parseRetryAfter(retryInfo.retryDelay.replace(/s$/, '')) : null;
    return { message: String(body.error?.message ?? message), status: String(body.error?.status ?? ''), retryDelayMs: delay };
  } catch {
    return { message, status: '', retryDelayMs: null };
  }
}

export function classifyGeminiError(error: unknown): ProviderFailure {
  const original = error instanceof GeminiCallError ? error.original : error;
  const headers = error instanceof GeminiCallError ? error.headers : null;
  if (original instanceof ApiError) {
    const body = readErrorBody(original.message);
    const retryAfter = parseRetryAfter(headers?.get('retry-after')) ?? body.retryDelayMs;
    // RESOURCE_EXHAUSTED covers both a per-minute limit (comes with a retry delay) and a spent quota (does not).
    if (original.status === 429 && body.status === 'RESOURCE_EXHAUSTED' && /quota/i.test(body.message) && retryAfter === null) {
      return { kind: 'quota_exhausted', status: 429, retryable: false, retryAfterMs: null, message: body.message };
    }
    return failureFromStatus(original.status, body.message, retryAfter);
  }
  const message = original instanceof Error ? original.message : String(original);
  if (isConnectionError(original)) return { kind: 'connection', status: null, retryable: true, retryAfterMs: null, message };
  return { kind: 'rejected', status: null, retryable: false, retryAfterMs: null, message };
}

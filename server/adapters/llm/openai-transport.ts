import OpenAI from 'openai';
import type { ChatRequest } from '../../core/agents/llm-provider';
import { failureFromStatus, parseRetryAfter, type ProviderFailure } from './provider-failure';
import type { ChatTransport, TransportReply } from './retry';

export interface OpenAiEndpoint {
  /** `openai` or `ollama`: the same wire protocol. */
  provider: string;
  model: string;
  baseUrl: string;
  apiKey: string;
}

/** OpenAI's own API, or any server speaking its chat completions protocol (Ollama, LM Studio, vLLM, OpenRouter). */
export function createOpenAiTransport(endpoint: OpenAiEndpoint): ChatTransport {
  const client = new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseUrl, maxRetries: 0 });
  return {
    provider: endpoint.provider,
    model: endpoint.model,
    baseUrl: endpoint.baseUrl,
    async send(request: ChatRequest, signal: AbortSignal): Promise<TransportReply> {
      const completion = await client.chat.completions.create(
        {
          model: endpoint.model,
          messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.output.name, schema: request.output.schema, strict: true },
          },
          temperature: request.temperature,
          seed: request.seed,
        },
        { signal, maxRetries: 0 },
      );
      const text = completion.choices[0]?.message?.content;
      if (typeof text !== 'string') throw new EmptyReply(completion.choices[0]?.finish_reason ?? 'no choice');
      const usage = completion.usage
        ? { input_tokens: completion.usage.prompt_tokens, output_tokens: completion.usage.completion_tokens }
        : null;
      return { text, usage };
    },
    classify: classifyOpenAiError,
  };
}

class EmptyReply extends Error {
  constructor(reason: string) {
    super(`the reply held no message (${reason})`);
  }
}

export function classifyOpenAiError(error: unknown): ProviderFailure {
  if (error instanceof EmptyReply) return { kind: 'invalid_reply', status: null, retryable: false, retryAfterMs: null, message: error.message };
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return { kind: 'timeout', status: null, retryable: true, retryAfterMs: null, message: error.message };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return { kind: 'connection', status: null, retryable: true, retryAfterMs: null, message: error.message };
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    // The SDK starts its message with the status, which the failure already carries.
    const message = error.message.replace(/^\d{3} /, '');
    // OpenAI answers an empty balance with 429 too; waiting does not refill it.
    if (error.code === 'insufficient_quota' || /insufficient_quota/.test(message)) {
      return { kind: 'quota_exhausted', status: error.status, retryable: false, retryAfterMs: null, message };
    }
    const retryAfter = parseRetryAfter(error.headers?.get('retry-after-ms') ? String(Number(error.headers.get('retry-after-ms')) / 1000) : error.headers?.get('retry-after'));
    return failureFromStatus(error.status, message, retryAfter);
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'rejected', status: null, retryable: false, retryAfterMs: null, message };
}

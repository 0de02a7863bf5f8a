import pLimit from 'p-limit';
import { join } from 'node:path';
import { createLlmAgent } from '../../core/agents/llm-agent';
import type { ProviderAgents } from '../../core/evaluation/agent-registry';
import type { Logger } from '../../core/ports';
import { createChatModel } from './chat-model';
import { GEMINI_DEFAULT_BASE_URL, createGeminiTransport } from './gemini-transport';
import { createOpenAiTransport } from './openai-transport';
import { createRedactor, type Redactor } from './redact';
import { ResponseCache } from './response-cache';
import { DEFAULT_RETRY_POLICY, type ChatTransport, type Limit, type RetryPolicy } from './retry';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

export type ProviderName = 'openai' | 'gemini' | 'ollama';

/** Calls in flight per provider, across all evaluations: a local Ollama serves one at a time. */
export const DEFAULT_PROVIDER_CONCURRENCY: Readonly<Record<ProviderName, number>> = { openai: 4, gemini: 4, ollama: 1 };

/** Keys, endpoints and limits of the language model providers. Unset keys and URLs come from the environment. */
export interface LlmSettings {
  openaiApiKey?: string;
  /** Any OpenAI-compatible server: LM Studio, vLLM, OpenRouter... */
  openaiBaseUrl?: string;
  geminiApiKey?: string;
  geminiBaseUrl?: string;
  ollamaBaseUrl?: string;
  concurrency?: Partial<Record<ProviderName, number>>;
  retry?: Partial<RetryPolicy>;
  /** Samples per run when an evaluation names none (default 3). */
  defaultSamples?: number;
  temperature?: number;
  /** Keep provider answers in `<dataDir>/cache` (default true). */
  cache?: boolean;
}

/** The settings the environment gives: OPENAI_API_KEY, OPENAI_BASE_URL, GEMINI_API_KEY, GEMINI_BASE_URL, OLLAMA_BASE_URL. */
export function llmSettingsFromEnv(env: Record<string, string | undefined>): LlmSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  return {
    openaiApiKey: value('OPENAI_API_KEY'),
    openaiBaseUrl: value('OPENAI_BASE_URL'),
    geminiApiKey: value('GEMINI_API_KEY'),
    geminiBaseUrl: value('GEMINI_BASE_URL'),
    ollamaBaseUrl: value('OLLAMA_BASE_URL'),
  };
}

export interface LlmProviders {
  providers: ProviderAgents[];
  /** Removes every configured key from a text (for anything that may echo one). */
  redact: Redactor;
}

/**
 * The provider factories for the agent registry. Each provider has one
 * concurrency limit shared by every model and evaluation of this process.
 */
export function createLlmProviders(settings: LlmSettings, deps: { dataDir: string; logger: Logger }): LlmProviders {
  const redact = createRedactor([settings.openaiApiKey, settings.geminiApiKey]);
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...settings.retry };
  const cache = settings.cache === false ? null : new ResponseCache(join(deps.dataDir, 'cache'));
  const limits = new Map<ProviderName, Limit>();
  const limitOf = (provider: ProviderName): Limit => {
    let limit = limits.get(provider);
    if (!limit) {
      const limiter = pLimit(Math.max(1, settings.concurrency?.[provider] ?? DEFAULT_PROVIDER_CONCURRENCY[provider]));
      limit = (attempt) => limiter(attempt);
      limits.set(provider, limit);
    }
    return limit;
  };
  const agentOf = (provider: ProviderName, model: string, transport: ChatTransport) =>
    createLlmAgent({
      id: `${provider}:${model}`,
      chat: createChatModel(transport, cache, { policy, limit: limitOf(provider), redact, logger: deps.logger }),
      defaultSamples: settings.defaultSamples,
      temperature: settings.temperature,
    });

  const openaiBaseUrl = settings.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const openai: ProviderAgents = {
    provider: 'openai',
    unavailableReason: () =>
      settings.openaiApiKey || settings.openaiBaseUrl
        ? null
        : 'OPENAI_API_KEY is not set: set it (or OPENAI_BASE_URL for an OpenAI-compatible server) to use openai models',
    create: (model) =>
      agentOf('openai', model, createOpenAiTransport({ provider: 'openai', model, baseUrl: openaiBaseUrl, apiKey: settings.openaiApiKey ?? 'not-needed' })),
  };
  const gemini: ProviderAgents = {
    provider: 'gemini',
    unavailableReason: () => (settings.geminiApiKey ? null : 'GEMINI_API_KEY is not set: set it to use gemini models'),
    create: (model) =>
      agentOf('gemini', model, createGeminiTransport({ model, baseUrl: settings.geminiBaseUrl ?? GEMINI_DEFAULT_BASE_URL, apiKey: settings.geminiApiKey ?? '' })),
  };
  // Ollama needs no key; its OpenAI-compatible endpoint ignores the one the SDK insists on sending.
  const ollama: ProviderAgents = {
    provider: 'ollama',
    unavailableReason: () => null,
    create: (model) =>
      agentOf('ollama', model, createOpenAiTransport({ provider: 'ollama', model, baseUrl: settings.ollamaBaseUrl ?? OLLAMA_DEFAULT_BASE_URL, apiKey: 'ollama' })),
  };
  return { providers: [openai, gemini, ollama], redact };
}

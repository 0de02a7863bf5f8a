/**
 * The port a language model provider implements for the buying agent. One
 * call is one structured request; retries, rate limits and the response cache
 * live behind it in the adapters, so the agent only sees answers or failures.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** A JSON schema the answer must follow, with the name providers show the model. */
export interface OutputSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  output: OutputSchema;
  temperature: number;
  seed: number;
}

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ChatReply {
  text: string;
  usage: TokenUsage | null;
  /** Served from the response cache: no provider call was made. */
  cached: boolean;
}

export interface ChatCallOptions {
  signal: AbortSignal;
  /** Ask the provider even when an answer to the same request is cached. */
  noCache?: boolean;
  /** Whether a reply may be kept in the cache: a malformed answer must not be replayed on the next run. */
  usable?: (text: string) => boolean;
}

export interface ChatModel {
  /** `openai`, `gemini`, `ollama`... */
  readonly provider: string;
  readonly model: string;
  complete(request: ChatRequest, options: ChatCallOptions): Promise<ChatReply>;
}

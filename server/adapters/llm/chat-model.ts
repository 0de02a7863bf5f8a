import type { ChatCallOptions, ChatModel, ChatReply, ChatRequest } from '../../core/agents/llm-provider';
import { ResponseCache } from './response-cache';
import { sendWithRetries, type ChatTransport, type RetryDeps } from './retry';

/**
 * A provider endpoint as the agent sees it: the response cache first, then
 * the transport with retries inside the provider's shared concurrency limit.
 * Identical requests in flight at the same time share one call (the
 * preference comparison is the same request for every vendor of a sample).
 */
export function createChatModel(transport: ChatTransport, cache: ResponseCache | null, retry: RetryDeps): ChatModel {
  const inFlight = new Map<string, Promise<ChatReply>>();
  const identity = { provider: transport.provider, model: transport.model, baseUrl: transport.baseUrl };

  return {
    provider: transport.provider,
    model: transport.model,
    async complete(request: ChatRequest, options: ChatCallOptions): Promise<ChatReply> {
      const key = ResponseCache.keyOf(identity, request);
      if (cache && !options.noCache) {
        const hit = cache.read(key);
        if (hit) return { ...hit, cached: true };
      }
      const shared = inFlight.get(key);
      // A caller that joins another's call made no call of its own: it is billed nothing.
      if (shared) return shared.then((reply) => ({ ...reply, cached: true }));
      const call = sendWithRetries(transport, request, options.signal, retry)
        .then((reply) => {
          if (options.usable?.(reply.text) ?? true) cache?.write(key, reply);
          return { ...reply, cached: false };
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}

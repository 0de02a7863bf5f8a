import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { closeServer, listenOnEphemeralPort } from '../../server/adapters/web/static-sites';
import { naiveAnswer, type ChatTurn } from '../../test/support/fake-providers';

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 that takes a
 * fixed time to answer every call, like a model whose latency does not depend
 * on load. The answers come from the test suite's naive model, so the agents
 * take the same code path as against a real provider.
 */
export interface SlowChatProvider {
  /** Base URL for an OpenAI-compatible client: `http://127.0.0.1:<port>/v1`. */
  openaiUrl: string;
  calls: number;
  maxInFlight: number;
  close(): Promise<void>;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

export async function startSlowChatProvider(latencyMs: number): Promise<SlowChatProvider> {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const provider: SlowChatProvider = {
    openaiUrl: '',
    calls: 0,
    maxInFlight: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    provider.calls += 1;
    inFlight += 1;
    provider.maxInFlight = Math.max(provider.maxInFlight, inFlight);
    void readJson(req).then((body) => {
      const messages = (body.messages ?? []) as { role: ChatTurn['role']; content: string }[];
      const format = body.response_format as { json_schema?: { schema?: Record<string, unknown> } } | undefined;
      const turns = messages.map((message) => ({ role: message.role, text: message.content }));
      const text = naiveAnswer(turns, format?.json_schema?.schema ?? {});
      const promptTokens = tokens(turns.map((turn) => turn.text).join(''));
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${provider.calls}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: String(body.model ?? ''),
            choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
            usage: { prompt_tokens: promptTokens, completion_tokens: tokens(text), total_tokens: promptTokens + tokens(text) },
          }),
        );
      }, latencyMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  provider.openaiUrl = `http://127.0.0.1:${await listenOnEphemeralPort(server)}/v1`;
  return provider;
}

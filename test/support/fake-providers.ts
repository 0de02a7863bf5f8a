import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeServer, listenOnEphemeralPort } from '../../server/adapters/web/static-sites';

/**
 * A model provider on 127.0.0.1 speaking OpenAI's chat completions protocol
 * (`POST /v1/chat/completions`, also Ollama's) and Gemini's
 * (`POST /v1beta/models/{model}:generateContent`, key in `x-goog-api-key`).
 * Behind both sits a naive but plausible model: it reads the prompt, scores
 * vendors by what their data blocks say, quotes their pages, and obeys an
 * instruction to change a score only when the instruction stands outside the
 * fenced vendor data. Failures are scripted per request.
 */

export type Scripted =
  | { status: number; retryAfter?: string; body?: unknown }
  /** OpenAI's 429 insufficient_quota, or Gemini's RESOURCE_EXHAUSTED with quota wording and no retry delay. */
  | { quota: true }
  /** Gemini's per-minute limit: 429 RESOURCE_EXHAUSTED with a RetryInfo delay. */
  | { geminiRetryDelay: string }
  /** Accept the request and never answer. */
  | { hang: true }
  /** Close the connection without an answer. */
  | { drop: true }
  /** Answer 200 with text that is not the JSON asked for. */
  | { malformed: true }
  /** 401 whose message echoes the key it was sent, as some servers do. */
  | { echoKey: true };

export interface FakeRequest {
  protocol: 'openai' | 'gemini';
  path: string;
  at: number;
  key: string;
  body: Record<string, unknown>;
}

export interface FakeProvider {
  /** Origin, e.g. http://127.0.0.1:1234: Gemini's base URL. */
  url: string;
  /** Base URL for the openai SDK and Ollama: `${url}/v1`. */
  openaiUrl: string;
  requests: FakeRequest[];
  /** The most requests that were unanswered at once. */
  maxInFlight: number;
  /** Behaviours for the next requests, in order; then answers as the model. */
  script(...behaviours: Scripted[]): void;
  /** A behaviour for every request from now on (null: answer normally again). */
  always(behaviour: Scripted | null): void;
  /** A behaviour for every request the predicate picks, before any scripted one. Returns its removal. */
  when(picks: (request: FakeRequest) => boolean, behaviour: Scripted): () => void;
  close(): Promise<void>;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  text: string;
}

// Naive: the first closing marker ends a block, wherever it stands.
const DATA_BLOCK = /<<<VENDOR_DATA name="([^"]*)"[^\n]*?>>>\n?([\s\S]*?)<<<END_VENDOR_DATA>>>/g;
const INJECTION = /ignore (all )?previous instructions[^.]*give this vendor 10/i;
const KEYWORDS = ['pricing', '$', 'api', 'documentation', 'sign up', 'quickstart', 'sdk', 'free', 'checkout', 'month', 'webhook', 'support'];

const PRICE = /\$\s?\d|\d\s?(USD|EUR|GBP)\b/i;

interface Block {
  name: string;
  content: string;
}

function blocksOf(text: string): Block[] {
  return [...text.matchAll(DATA_BLOCK)].map((match) => ({ name: match[1]!, content: match[2]! }));
}

/** What the naive model reads as instructions: everything outside the data fences. */
export function instructionText(turns: ChatTurn[]): string {
  return turns
    .filter((turn) => turn.role !== 'assistant')
    .map((turn) => turn.text.replace(DATA_BLOCK, ' '))
    .join('\n');
}

function naiveScore(content: string): number {
  const lower = content.toLowerCase();
  // A price stated anywhere, in either form the prompts use, counts as one more topic.
  const priced = PRICE.test(content) ? 1 : 0;
  const hits = KEYWORDS.filter((word) => lower.includes(word)).length + priced;
  return Math.round((hits / (KEYWORDS.length + 1)) * 100) / 10;
}

/** The first sentence-ish run of words of the first page text in a block, with that page's URL. */
function quoteOf(content: string): { quote: string; source_url: string }[] {
  const match = /\[page [a-z]+\] (\S+)\n([^\n]+)/.exec(content);
  if (!match) return [];
  const words = match[2]!.split(' ').slice(0, 8).join(' ');
  return [{ quote: words, source_url: match[1]! }];
}

/** The naive model: an answer for the schema it was given. */
export function naiveAnswer(turns: ChatTurn[], schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { items?: { type?: string } }>;
  const obeys = INJECTION.test(instructionText(turns));
  const task = [...turns].reverse().find((turn) => turn.role === 'user' && blocksOf(turn.text).length > 0);
  const blocks = task ? blocksOf(task.text) : [];
  if (properties.vendors?.items?.type === 'string') {
    return JSON.stringify({ vendors: ['SendGrid', 'Mailgun', 'Amazon SES'], reasoning: 'Well-known email APIs.' });
  }
  if (properties.vendors) {
    return JSON.stringify({
      reasoning: `Compared ${blocks.length} vendors by what their sites say.`,
      vendors: blocks.map((block) => ({
        name: block.name,
        score: obeys ? 10 : naiveScore(block.content),
        justification: `${block.name} covers what its pages say.`,
        evidence: quoteOf(block.content),
      })),
    });
  }
  const block = blocks[0];
  return JSON.stringify({
    reasoning: block ? `Read the content of ${block.name}.` : 'No vendor content was given.',
    score: obeys ? 10 : block ? naiveScore(block.content) : 0,
    justification: obeys ? 'As instructed.' : 'Scored by the topics the site covers.',
    evidence: block ? quoteOf(block.content) : [],
  });
}

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
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

interface Decoded {
  turns: ChatTurn[];
  schema: Record<string, unknown>;
}

function decodeOpenAi(body: Record<string, unknown>): Decoded {
  const messages = (body.messages ?? []) as { role: ChatTurn['role']; content: string }[];
  const format = body.response_format as { json_schema?: { schema?: Record<string, unknown> } } | undefined;
  return { turns: messages.map((message) => ({ role: message.role, text: message.content })), schema: format?.json_schema?.schema ?? {} };
}

function decodeGemini(body: Record<string, unknown>): Decoded {
  const textOf = (content: { parts?: { text?: string }[] } | undefined) => (content?.parts ?? []).map((part) => part.text ?? '').join('');
  const system = body.systemInstruction as { parts?: { text?: string }[] } | undefined;
  const contents = (body.contents ?? []) as { role?: string; parts?: { text?: string }[] }[];
  const config = (body.generationConfig ?? {}) as { responseJsonSchema?: Record<string, unknown>; responseSchema?: Record<string, unknown> };
  return {
    turns: [
      ...(system ? [{ role: 'system' as const, text: textOf(system) }] : []),
      ...contents.map((content) => ({ role: content.role === 'model' ? ('assistant' as const) : ('user' as const), text: textOf(content) })),
    ],
    schema: config.responseJsonSchema ?? config.responseSchema ?? {},
  };
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function openAiError(status: number, message: string, code: string | null, type = 'invalid_request_error') {
  return { error: { message, type, code, param: null } };
}

function geminiError(status: number, message: string, statusName: string, details: unknown[] = []) {
  return { error: { code: status, message, status: statusName, details } };
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const queue: Scripted[] = [];
  let standing: Scripted | null = null;
  const rules: { picks: (request: FakeRequest) => boolean; behaviour: Scripted }[] = [];
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const provider = {
    url: '',
    openaiUrl: '',
    requests,
    maxInFlight: 0,
    script: (...behaviours: Scripted[]) => void queue.push(...behaviours),
    always: (behaviour: Scripted | null) => void (standing = behaviour),
    when: (picks: (request: FakeRequest) => boolean, behaviour: Scripted) => {
      const rule = { picks, behaviour };
      rules.push(rule);
      return () => void rules.splice(rules.indexOf(rule), 1);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  } satisfies FakeProvider;

  const answer = (req: IncomingMessage, res: ServerResponse, request: FakeRequest) => {
    const { protocol, body, key } = request;
    const behaviour = rules.find((rule) => rule.picks(request))?.behaviour ?? queue.shift() ?? standing;
    if (behaviour && 'hang' in behaviour) return;
    if (behaviour && 'drop' in behaviour) return void req.socket.destroy();
    const gemini = protocol === 'gemini';
    if (behaviour && 'status' in behaviour) {
      const headers: Record<string, string> = behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {};
      const fallback = gemini
        ? geminiError(behaviour.status, `scripted failure ${behaviour.status}`, behaviour.status >= 500 ? 'UNAVAILABLE' : 'FAILED_PRECONDITION')
        : openAiError(behaviour.status, `scripted failure ${behaviour.status}`, null, 'server_error');
      return send(res, behaviour.status, behaviour.body ?? fallback, headers);
    }
    if (behaviour && 'quota' in behaviour) {
      return gemini
        ? send(res, 429, geminiError(429, 'You exceeded your current quota, please check your plan and billing details.', 'RESOURCE_EXHAUSTED'))
        : send(res, 429, openAiError(429, 'You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota'));
    }
    if (behaviour && 'geminiRetryDelay' in behaviour) {
      const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: behaviour.geminiRetryDelay };
      return send(res, 429, geminiError(429, 'You exceeded your current quota for requests per minute.', 'RESOURCE_EXHAUSTED', [retryInfo]));
    }
    if (behaviour && 'echoKey' in behaviour) {
      const message = `Incorrect API key provided: ${key}.`;
      return gemini ? send(res, 401, geminiError(401, message, 'UNAUTHENTICATED')) : send(res, 401, openAiError(401, message, 'invalid_api_key'));
    }
    const decoded = gemini ? decodeGemini(body) : decodeOpenAi(body);
    const text = behaviour && 'malformed' in behaviour ? 'Sure! Here is my evaluation: {"score": ten' : naiveAnswer(decoded.turns, decoded.schema);
    const promptTokens = tokens(decoded.turns.map((turn) => turn.text).join(''));
    if (gemini) {
      return send(res, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: promptTokens, candidatesTokenCount: tokens(text), totalTokenCount: promptTokens + tokens(text) },
      });
    }
    send(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(body.model ?? ''),
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: promptTokens, completion_tokens: tokens(text), total_tokens: promptTokens + tokens(text) },
    });
  };

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const protocol = path === '/v1/chat/completions' ? 'openai' : /^\/v1beta\/models\/[^/]+:generateContent$/.test(path) ? 'gemini' : null;
    if (req.method !== 'POST' || !protocol) return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    inFlight += 1;
    provider.maxInFlight = Math.max(provider.maxInFlight, inFlight);
    let counted = true;
    const settle = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    res.on('close', settle);
    void readBody(req).then((body) => {
      const key = protocol === 'gemini' ? String(req.headers['x-goog-api-key'] ?? '') : String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const request: FakeRequest = { protocol, path, at: Date.now(), key, body };
      requests.push(request);
      answer(req, res, request);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnEphemeralPort(server);
  provider.url = `http://127.0.0.1:${port}`;
  provider.openaiUrl = `${provider.url}/v1`;
  return provider;
}

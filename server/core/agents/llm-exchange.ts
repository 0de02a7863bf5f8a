import type { z } from 'zod';
import type { ChatMessage, ChatModel, OutputSchema, TokenUsage } from './llm-provider';
import { parseAnswer } from './prompts/output-schemas';
import { SYSTEM_PROMPT, repairPrompt } from './prompts/stage-prompts';

export class MalformedAnswerError extends Error {}

export interface ExchangeSettings {
  chat: ChatModel;
  temperature: number;
  seed: number;
  signal: AbortSignal;
  noCache: boolean;
}

/**
 * One sample's conversation with a model: it keeps the messages, adds up the
 * tokens, and gives a malformed answer one chance to be repaired by showing
 * the model its own output and what was wrong with it.
 */
export class Exchange {
  readonly messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  private inputTokens = 0;
  private outputTokens = 0;
  private reportedUsage = false;
  private calls = 0;
  private cachedCalls = 0;
  repaired = false;
  lastText = '';

  constructor(private readonly settings: ExchangeSettings) {}

  /**
   * Asks one question and returns the validated answer. `check` adds rules
   * the schema cannot say (every vendor named once...); its message goes back
   * to the model like a schema error.
   */
  async ask<T>(prompt: string, output: OutputSchema, shape: z.ZodType<T>, check: (value: T) => string | null = () => null): Promise<T> {
    this.messages.push({ role: 'user', content: prompt });
    const usable = (text: string) => this.validate(text, shape, check).ok;
    const first = await this.send(output, usable);
    const firstResult = this.validate(first, shape, check);
    if (firstResult.ok) {
      this.messages.push({ role: 'assistant', content: first });
      return firstResult.value;
    }
    this.messages.push({ role: 'assistant', content: first }, { role: 'user', content: repairPrompt(firstResult.error) });
    const second = await this.send(output, usable);
    const secondResult = this.validate(second, shape, check);
    if (!secondResult.ok) {
      throw new MalformedAnswerError(`the model's answer was malformed twice; after one repair attempt it is ${secondResult.error}`);
    }
    this.repaired = true;
    this.messages.push({ role: 'assistant', content: second });
    return secondResult.value;
  }

  /** Every message but the final answer, as a readable transcript. */
  transcript(): string {
    const shown = this.messages.at(-1)?.role === 'assistant' ? this.messages.slice(0, -1) : this.messages;
    return shown.map((message) => `### ${message.role}\n${message.content}`).join('\n\n');
  }

  usage(): TokenUsage | undefined {
    return this.reportedUsage ? { input_tokens: this.inputTokens, output_tokens: this.outputTokens } : undefined;
  }

  allCached(): boolean {
    return this.calls > 0 && this.cachedCalls === this.calls;
  }

  callCount(): number {
    return this.calls;
  }

  private async send(output: OutputSchema, usable: (text: string) => boolean): Promise<string> {
    const { chat, temperature, seed, signal, noCache } = this.settings;
    const reply = await chat.complete({ messages: [...this.messages], output, temperature, seed }, { signal, noCache, usable });
    this.calls += 1;
    if (reply.cached) this.cachedCalls += 1;
    if (reply.usage) {
      this.reportedUsage = true;
      this.inputTokens += reply.usage.input_tokens;
      this.outputTokens += reply.usage.output_tokens;
    }
    this.lastText = reply.text;
    return reply.text;
  }

  private validate<T>(text: string, shape: z.ZodType<T>, check: (value: T) => string | null) {
    const parsed = parseAnswer(text, shape);
    if (!parsed.ok) return parsed;
    const problem = check(parsed.value);
    return problem ? ({ ok: false, error: problem } as const) : parsed;
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatRequest, TokenUsage } from '../../core/agents/llm-provider';

export interface CachedReply {
  text: string;
  usage: TokenUsage | null;
}

export interface CacheIdentity {
  provider: string;
  model: string;
  baseUrl: string;
}

/**
 * Provider answers on disk, one JSON file per request under `<dataDir>/cache/`,
 * named by the sha256 of provider, model, endpoint and request body; a key is
 * never part of it. Only answers are stored; a failed call leaves nothing.
 */
export class ResponseCache {
  constructor(private readonly dir: string) {}

  static keyOf(identity: CacheIdentity, request: ChatRequest): string {
    const material = JSON.stringify({ provider: identity.provider, model: identity.model, base_url: identity.baseUrl, request });
    return createHash('sha256').update(material).digest('hex');
  }

  read(key: string): CachedReply | null {
    let raw: string;
    try {
      raw = readFileSync(this.fileOf(key), 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = JSON.parse(raw) as Partial<CachedReply>;
      if (typeof parsed.text !== 'string') return null;
      return { text: parsed.text, usage: parsed.usage ?? null };
    } catch {
      // A damaged entry is a miss; the next answer replaces it.
      return null;
    }
  }

  write(key: string, reply: CachedReply): void {
    const file = this.fileOf(key);
    const folder = join(this.dir, key.slice(0, 2));
    mkdirSync(folder, { recursive: true });
    // Write then rename: a reader never sees half a file, and two writers of the same answer cannot interleave.
    const temporary = join(folder, `.${key}.${randomUUID()}.tmp`);
    try {
      writeFileSync(temporary, JSON.stringify({ text: reply.text, usage: reply.usage }));
      renameSync(temporary, file);
    } catch {
      rmSync(temporary, { force: true });
    }
  }

  private fileOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

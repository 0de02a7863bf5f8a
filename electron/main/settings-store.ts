import { z } from 'zod';
import { PROVIDER_IDS, type DesktopSettings, type DesktopSettingsUpdate, type ProviderId } from '../preload/bridge-types';

/** Electron's safeStorage, as far as the settings need it. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means a hard-coded password, which protects nothing. */
  getSelectedStorageBackend?(): string;
}

/** A stored key: base64 of safeStorage's cipher text, or the key itself where the OS cannot encrypt. */
export interface StoredKey {
  encrypted: boolean;
  value: string;
}

export interface PersistedSettings {
  default_models: string[];
  concurrency: number;
  spending_cap_usd: number | null;
  base_urls: Partial<Record<ProviderId, string>>;
  keys: Partial<Record<ProviderId, StoredKey>>;
}

/** electron-store's typed get/set, or a Map-backed fake in tests. */
export interface KeyValueStore<T> {
  get<K extends keyof T>(key: K): T[K] | undefined;
  set<K extends keyof T>(key: K, value: T[K]): void;
}

export const SETTINGS_DEFAULTS: PersistedSettings = {
  default_models: ['rules'],
  concurrency: 4,
  spending_cap_usd: null,
  base_urls: {},
  keys: {},
};

/** What main hands to the in-process server; never crosses the bridge. */
export interface ProviderConnections {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  geminiApiKey?: string;
  geminiBaseUrl?: string;
  ollamaBaseUrl?: string;
}

const baseUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http(s) URL');

export const SettingsUpdateSchema = z
  .object({
    default_models: z.array(z.string().trim().min(1).max(200)).min(1).max(20).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    spending_cap_usd: z.number().positive().max(1_000_000).nullable().optional(),
    base_urls: z.partialRecord(z.enum(PROVIDER_IDS), baseUrl.nullable()).optional(),
  })
  .strict() satisfies z.ZodType<DesktopSettingsUpdate>;

export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export const ProviderKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^\S+$/, 'must not contain spaces or line breaks')
  .nullable();

/** Enough to tell two keys apart, too little to use one. */
export function keyHint(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : '…';
}

export class DesktopSettingsStore {
  constructor(
    private readonly store: KeyValueStore<PersistedSettings>,
    private readonly safeStorage: SafeStorageLike,
    private readonly onUnreadableKey: (provider: ProviderId) => void = () => undefined,
  ) {}

  /** True when keys are stored encrypted by the operating system. */
  keysEncrypted(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    return this.safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  }

  view(): DesktopSettings {
    const keys = this.read('keys');
    const baseUrls = this.read('base_urls');
    return {
      providers: PROVIDER_IDS.map((id) => {
        const key = this.decrypt(id, keys[id]);
        return { id, key_hint: key === null ? null : keyHint(key), base_url: baseUrls[id] ?? null };
      }),
      default_models: this.read('default_models'),
      concurrency: this.read('concurrency'),
      spending_cap_usd: this.read('spending_cap_usd'),
      keysEncrypted: this.keysEncrypted(),
    };
  }

  /** Validates what the renderer sent; a bad value throws and nothing is stored. */
  save(update: unknown): DesktopSettings {
    const parsed = SettingsUpdateSchema.parse(update);
    if (parsed.default_models) this.store.set('default_models', parsed.default_models);
    if (parsed.concurrency !== undefined) this.store.set('concurrency', parsed.concurrency);
    if (parsed.spending_cap_usd !== undefined) this.store.set('spending_cap_usd', parsed.spending_cap_usd);
    if (parsed.base_urls) {
      const next = { ...this.read('base_urls') };
      for (const id of PROVIDER_IDS) {
        const value = parsed.base_urls[id];
        if (value === null || value === '') delete next[id];
        else if (value !== undefined) next[id] = value;
      }
      this.store.set('base_urls', next);
    }
    return this.view();
  }

  /** Stores (or with null removes) a key and answers with its hint only. */
  setProviderKey(provider: unknown, key: unknown): string | null {
    const id = ProviderIdSchema.parse(provider);
    const value = ProviderKeySchema.parse(key);
    const keys = { ...this.read('keys') };
    if (value === null) delete keys[id];
    else keys[id] = this.encrypt(value);
    this.store.set('keys', keys);
    return value === null ? null : keyHint(value);
  }

  connections(): ProviderConnections {
    const keys = this.read('keys');
    const urls = this.read('base_urls');
    const connections: ProviderConnections = {};
    const openaiApiKey = this.decrypt('openai', keys.openai);
    const geminiApiKey = this.decrypt('gemini', keys.gemini);
    if (openaiApiKey) connections.openaiApiKey = openaiApiKey;
    if (geminiApiKey) connections.geminiApiKey = geminiApiKey;
    if (urls.openai) connections.openaiBaseUrl = urls.openai;
    if (urls.gemini) connections.geminiBaseUrl = urls.gemini;
    if (urls.ollama) connections.ollamaBaseUrl = urls.ollama;
    return connections;
  }

  private read<K extends keyof PersistedSettings>(key: K): PersistedSettings[K] {
    return this.store.get(key) ?? SETTINGS_DEFAULTS[key];
  }

  private encrypt(key: string): StoredKey {
    if (!this.keysEncrypted()) return { encrypted: false, value: key };
    return { encrypted: true, value: this.safeStorage.encryptString(key).toString('base64') };
  }

  private decrypt(provider: ProviderId, stored: StoredKey | undefined): string | null {
    if (!stored) return null;
    if (!stored.encrypted) return stored.value;
    try {
      return this.safeStorage.decryptString(Buffer.from(stored.value, 'base64'));
    } catch {
      // The keyring changed or was reset: the key must be entered again.
      this.onUnreadableKey(provider);
      return null;
    }
  }
}

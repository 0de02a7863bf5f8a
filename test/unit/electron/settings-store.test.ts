import { describe, expect, it } from 'vitest';
import {
  DesktopSettingsStore,
  keyHint,
  type KeyValueStore,
  type PersistedSettings,
  type SafeStorageLike,
} from '../../../electron/main/settings-store';

const OPENAI_KEY = 'sk-test-0123456789abcdef3f9a';
const GEMINI_KEY = 'AIzaSyTest-abcdefghijklmnop77';

/** Like electron-store: JSON on disk, so only JSON survives. */
function memoryStore(): KeyValueStore<PersistedSettings> & { raw(): string } {
  const data = new Map<string, string>();
  return {
    get: (key) => (data.has(key) ? JSON.parse(data.get(key)!) : undefined),
    set: (key, value) => void data.set(key, JSON.stringify(value)),
    raw: () => [...data.values()].join('\n'),
  };
}

/** A reversible stand-in for the OS keychain (XOR with a secret the test keeps). */
function fakeSafeStorage(options: { available: boolean; backend?: string }): SafeStorageLike {
  const mask = (bytes: Buffer) => Buffer.from(bytes.map((byte, index) => byte ^ (0x5a + index) % 256));
  return {
    isEncryptionAvailable: () => options.available,
    encryptString: (text) => {
      if (!options.available) throw new Error('Encryption is not available');
      return Buffer.concat([Buffer.from('v10'), mask(Buffer.from(text, 'utf8'))]);
    },
    decryptString: (cipher) => {
      if (!options.available || cipher.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext');
      return mask(cipher.subarray(3)).toString('utf8');
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend! } : {}),
  };
}

describe('provider keys', () => {
  it('are stored encrypted and come back whole only to main', () => {
    const store = memoryStore();
    const settings = new DesktopSettingsStore(store, fakeSafeStorage({ available: true, backend: 'gnome_libsecret' }));
    expect(settings.setProviderKey('openai', OPENAI_KEY)).toBe('…3f9a');
    expect(settings.setProviderKey('gemini', GEMINI_KEY)).toBe('…op77');

    expect(store.raw()).not.toContain(OPENAI_KEY);
    expect(store.raw()).not.toContain(GEMINI_KEY);
    expect(settings.connections()).toEqual({ openaiApiKey: OPENAI_KEY, geminiApiKey: GEMINI_KEY });

    const reopened = new DesktopSettingsStore(store, fakeSafeStorage({ available: true, backend: 'gnome_libsecret' }));
    expect(reopened.connections().openaiApiKey).toBe(OPENAI_KEY);
    expect(reopened.view().keysEncrypted).toBe(true);
  });

  it('never leave main in full: the settings view carries hints only', () => {
    const settings = new DesktopSettingsStore(memoryStore(), fakeSafeStorage({ available: true }));
    settings.setProviderKey('openai', OPENAI_KEY);
    const view = settings.view();
    expect(JSON.stringify(view)).not.toContain(OPENAI_KEY.slice(0, 12));
    expect(view.providers).toEqual([
      { id: 'openai', key_hint: '…3f9a', base_url: null },
      { id: 'gemini', key_hint: null, base_url: null },
      { id: 'ollama', key_hint: null, base_url: null },
    ]);
    expect(keyHint('short')).toBe('…');
  });

  it('are kept in plain text with a warning where the OS offers no encryption', () => {
    for (const safeStorage of [fakeSafeStorage({ available: false }), fakeSafeStorage({ available: true, backend: 'basic_text' })]) {
      const store = memoryStore();
      const settings = new DesktopSettingsStore(store, safeStorage);
      expect(settings.view().keysEncrypted).toBe(false);
      expect(settings.setProviderKey('openai', OPENAI_KEY)).toBe('…3f9a');
      expect(settings.connections().openaiApiKey).toBe(OPENAI_KEY);
      expect(settings.view().keysEncrypted).toBe(false);
    }
  });

  it('are removed with null and reported unreadable when the keychain changed', () => {
    const store = memoryStore();
    const unreadable: string[] = [];
    new DesktopSettingsStore(store, fakeSafeStorage({ available: true })).setProviderKey('openai', OPENAI_KEY);
    const afterReset = new DesktopSettingsStore(store, fakeSafeStorage({ available: false }), (provider) => unreadable.push(provider));
    expect(afterReset.connections()).toEqual({});
    expect(unreadable).toContain('openai');

    const settings = new DesktopSettingsStore(store, fakeSafeStorage({ available: true }));
    expect(settings.setProviderKey('openai', null)).toBeNull();
    expect(settings.view().providers[0]!.key_hint).toBeNull();
  });

  it('refuse unknown providers and malformed keys from the renderer', () => {
    const settings = new DesktopSettingsStore(memoryStore(), fakeSafeStorage({ available: true }));
    expect(() => settings.setProviderKey('anthropic', OPENAI_KEY)).toThrow();
    expect(() => settings.setProviderKey('openai', 'two words')).toThrow();
    expect(() => settings.setProviderKey('openai', 42)).toThrow();
    expect(() => settings.setProviderKey('openai', '')).toThrow();
  });
});

describe('settings', () => {
  it('are saved when valid and reach the server as connections', () => {
    const settings = new DesktopSettingsStore(memoryStore(), fakeSafeStorage({ available: true }));
    const view = settings.save({
      default_models: ['rules', 'openai:gpt-4o-mini'],
      concurrency: 6,
      spending_cap_usd: 5,
      base_urls: { openai: 'http://127.0.0.1:1234/v1', ollama: 'http://localhost:11434' },
    });
    expect(view).toMatchObject({ default_models: ['rules', 'openai:gpt-4o-mini'], concurrency: 6, spending_cap_usd: 5 });
    expect(settings.connections()).toEqual({ openaiBaseUrl: 'http://127.0.0.1:1234/v1', ollamaBaseUrl: 'http://localhost:11434' });
    settings.save({ base_urls: { openai: null } });
    expect(settings.connections()).toEqual({ ollamaBaseUrl: 'http://localhost:11434' });
  });

  it('reject what the renderer should not send, storing nothing', () => {
    const settings = new DesktopSettingsStore(memoryStore(), fakeSafeStorage({ available: true }));
    for (const bad of [
      { concurrency: 0 },
      { default_models: [] },
      { base_urls: { openai: 'file:///etc/passwd' } },
      { base_urls: { openai: 'javascript:alert(1)' } },
      { keys: { openai: 'sk' } },
      { default_models: 'rules' },
    ]) {
      expect(() => settings.save(bad), JSON.stringify(bad)).toThrow();
    }
    expect(settings.view()).toMatchObject({ default_models: ['rules'], concurrency: 4, spending_cap_usd: null });
  });
});

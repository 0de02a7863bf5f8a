import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerBridgeHandlers, type BridgeDeps, type BridgeEvent, type IpcMainLike } from '../../../electron/main/bridge-handlers';
import { DesktopSettingsStore, type KeyValueStore, type PersistedSettings } from '../../../electron/main/settings-store';
import { BRIDGE_CHANNELS, type BridgeChannel } from '../../../electron/preload/channels';

const APP = 'http://127.0.0.1:41234';
const FROM_APP: BridgeEvent = { senderFrame: { url: `${APP}/settings` } };
const ID = '3b1c0f9e-1111-4222-8333-444455556666';

function harness(overrides: Partial<BridgeDeps> = {}) {
  const handlers = new Map<BridgeChannel, (event: BridgeEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
  const data = new Map<string, unknown>();
  const store: KeyValueStore<PersistedSettings> = {
    get: (key) => data.get(key) as never,
    set: (key, value) => void data.set(key, structuredClone(value)),
  };
  const settings = new DesktopSettingsStore(store, {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...text].reverse().join('')),
    decryptString: (cipher) => [...cipher.toString()].reverse().join(''),
  });
  const calls = { restarts: 0, written: [] as string[] };
  registerBridgeHandlers(ipc, APP, {
    settings,
    printReport: async () => new Uint8Array([1, 2, 3]),
    askSavePath: async (name) => `/home/me/${name}`,
    writeFile: async (path) => void calls.written.push(path),
    onConnectionsChanged: async () => void (calls.restarts += 1),
    ...overrides,
  });
  const call = (channel: BridgeChannel, event: BridgeEvent, ...args: unknown[]) => handlers.get(channel)!(event, ...args);
  return { handlers, call, calls };
}

describe('the desktop bridge in main', () => {
  it('answers exactly the named functions of the preload', () => {
    const { handlers } = harness();
    expect([...handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    const preload = readFileSync(new URL('../../../electron/preload/index.ts', import.meta.url), 'utf8');
    expect(preload).toContain("contextBridge.exposeInMainWorld('vendorEval', bridge)");
    expect(preload).toMatch(/satisfies VendorEvalBridge/);
    expect(preload).not.toMatch(/ipcRenderer\.(send|on|invoke)\(\s*channel/);
  });

  it('refuses callers other than the app page', async () => {
    const { call } = harness();
    for (const event of [{ senderFrame: { url: 'https://evil.example/' } }, { senderFrame: null }, { senderFrame: { url: 'file:///x' } }]) {
      await expect(call(BRIDGE_CHANNELS.getSettings, event)).rejects.toThrow('answers the app window only');
    }
  });

  it('stores a key, answers its hint only and restarts the server with it', async () => {
    const { call, calls } = harness();
    await expect(call(BRIDGE_CHANNELS.setProviderKey, FROM_APP, 'openai', 'sk-live-abcdefghijkl9876')).resolves.toBe('…9876');
    expect(calls.restarts).toBe(1);
    const view = await call(BRIDGE_CHANNELS.getSettings, FROM_APP);
    expect(JSON.stringify(view)).not.toContain('sk-live');
    await expect(call(BRIDGE_CHANNELS.setProviderKey, FROM_APP, 'openai', 'has a space')).rejects.toThrow(/spaces/);
  });

  it('restarts the server only when what it connects to changed', async () => {
    const { call, calls } = harness();
    await call(BRIDGE_CHANNELS.saveSettings, FROM_APP, { concurrency: 2 });
    expect(calls.restarts).toBe(0);
    await call(BRIDGE_CHANNELS.saveSettings, FROM_APP, { base_urls: { ollama: 'http://127.0.0.1:11434' } });
    expect(calls.restarts).toBe(1);
    await expect(call(BRIDGE_CHANNELS.saveSettings, FROM_APP, { concurrency: 'many' })).rejects.toThrow(/concurrency/);
  });

  it('saves the PDF where the person chose, or nothing when they cancel', async () => {
    const saved = harness();
    await expect(saved.call(BRIDGE_CHANNELS.savePdf, FROM_APP, ID)).resolves.toEqual({
      saved: true,
      path: `/home/me/vendor-evaluation-${ID}.pdf`,
    });
    expect(saved.calls.written).toEqual([`/home/me/vendor-evaluation-${ID}.pdf`]);

    const cancelled = harness({ askSavePath: async () => null });
    await expect(cancelled.call(BRIDGE_CHANNELS.savePdf, FROM_APP, ID)).resolves.toEqual({ saved: false, path: null });
    expect(cancelled.calls.written).toEqual([]);
    await expect(cancelled.call(BRIDGE_CHANNELS.savePdf, FROM_APP, '../secrets')).rejects.toThrow(/evaluation id/);
  });
});

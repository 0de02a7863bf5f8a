import { z } from 'zod';
import type { DesktopSettings, SavePdfResult } from '../preload/bridge-types';
import { BRIDGE_CHANNELS, type BridgeChannel } from '../preload/channels';
import { EVALUATION_ID, pdfFileName } from './pdf-export';
import type { DesktopSettingsStore } from './settings-store';

/** The event Electron passes to an ipcMain.handle listener, as far as the checks need it. */
export interface BridgeEvent {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: BridgeChannel, listener: (event: BridgeEvent, ...args: unknown[]) => Promise<unknown>): void;
}

export interface BridgeDeps {
  settings: DesktopSettingsStore;
  printReport(evaluationId: string): Promise<Uint8Array>;
  /** The save dialog; null when cancelled. */
  askSavePath(defaultName: string): Promise<string | null>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Keys or provider settings changed: the server needs them. */
  onConnectionsChanged(): Promise<void>;
}

/** The renderer is untrusted input: every argument is validated, and only the app's own page may call. */
export function registerBridgeHandlers(ipc: IpcMainLike, appOrigin: string, deps: BridgeDeps): void {
  const handle = (channel: BridgeChannel, work: (...args: unknown[]) => Promise<unknown>) =>
    ipc.handle(channel, async (event, ...args) => {
      if (!isFromApp(event, appOrigin)) throw new Error('The desktop bridge answers the app window only');
      try {
        return await work(...args);
      } catch (error) {
        if (error instanceof z.ZodError) throw new Error(readableIssues(error));
        throw error;
      }
    });

  handle(BRIDGE_CHANNELS.getSettings, async (): Promise<DesktopSettings> => deps.settings.view());
  handle(BRIDGE_CHANNELS.saveSettings, async (update): Promise<DesktopSettings> => {
    const before = JSON.stringify(deps.settings.connections());
    const view = deps.settings.save(update);
    if (JSON.stringify(deps.settings.connections()) !== before) await deps.onConnectionsChanged();
    return view;
  });
  handle(BRIDGE_CHANNELS.setProviderKey, async (provider, key): Promise<string | null> => {
    const hint = deps.settings.setProviderKey(provider, key);
    await deps.onConnectionsChanged();
    return hint;
  });
  handle(BRIDGE_CHANNELS.savePdf, async (evaluationId): Promise<SavePdfResult> => {
    const id = z.string().regex(EVALUATION_ID, 'must be an evaluation id').parse(evaluationId);
    const pdf = await deps.printReport(id);
    const path = await deps.askSavePath(pdfFileName(id));
    if (path === null) return { saved: false, path: null };
    await deps.writeFile(path, pdf);
    return { saved: true, path };
  });
}

export function isFromApp(event: BridgeEvent, appOrigin: string): boolean {
  if (!event.senderFrame) return false;
  try {
    return new URL(event.senderFrame.url).origin === appOrigin;
  } catch {
    return false;
  }
}

function readableIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'value'}: ${issue.message}`).join('; ');
}

import { contextBridge, ipcRenderer } from 'electron';
import type { VendorEvalBridge } from './bridge-types';
import { BRIDGE_CHANNELS } from './channels';

/**
 * Named functions only, never a generic `invoke(channel)`: the renderer reaches
 * the server over HTTP and asks main for nothing but what HTTP must not carry.
 */
const bridge = {
  platform: process.platform,
  getSettings: () => ipcRenderer.invoke(BRIDGE_CHANNELS.getSettings),
  saveSettings: (update) => ipcRenderer.invoke(BRIDGE_CHANNELS.saveSettings, update),
  setProviderKey: (provider, key) => ipcRenderer.invoke(BRIDGE_CHANNELS.setProviderKey, provider, key),
  savePdf: (evaluationId) => ipcRenderer.invoke(BRIDGE_CHANNELS.savePdf, evaluationId),
} satisfies VendorEvalBridge;

contextBridge.exposeInMainWorld('vendorEval', bridge);

/** IPC channel of each bridge function; main answers these and nothing else. */
export const BRIDGE_CHANNELS = {
  getSettings: 'vendor-eval:get-settings',
  saveSettings: 'vendor-eval:save-settings',
  setProviderKey: 'vendor-eval:set-provider-key',
  savePdf: 'vendor-eval:save-pdf',
} as const;

export type BridgeChannel = (typeof BRIDGE_CHANNELS)[keyof typeof BRIDGE_CHANNELS];

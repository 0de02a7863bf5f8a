import type { BrowserWindowConstructorOptions } from 'electron';

/** Every window of the app is created with these web preferences (Electron's security checklist). */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Vendor Evaluation',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: preloadPath },
  };
}

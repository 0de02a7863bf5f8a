import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

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
  safeDialogs: true,
} as const satisfies WebPreferences;

/** What a window may choose for itself; everything security-relevant is fixed above. */
export interface WindowWebPreferences {
  preload?: string;
  /** A session of its own (the PDF window's, so its request blocking touches nothing else). */
  partition?: string;
  /** Off for windows that show only self-contained documents. */
  javascript?: boolean;
}

export type WindowOptions = Omit<BrowserWindowConstructorOptions, 'webPreferences'> & { webPreferences?: WindowWebPreferences };

export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

/**
 * The only way the app creates a window: whatever the caller asks for, the
 * hardened preferences win, so no window can be opened with Node or without isolation.
 */
export function createHardenedWindow<W>(Window: WindowConstructor<W>, options: WindowOptions): W {
  const { preload, partition, javascript } = options.webPreferences ?? {};
  const webPreferences: WebPreferences = {
    ...(preload !== undefined ? { preload } : {}),
    ...(partition !== undefined ? { partition } : {}),
    ...(javascript !== undefined ? { javascript } : {}),
    ...HARDENED_WEB_PREFERENCES,
  };
  return new Window({ ...options, webPreferences });
}

export function mainWindowOptions(preloadPath: string): WindowOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Vendor Evaluation',
    webPreferences: { preload: preloadPath },
  };
}

/** A hidden window that loads one report and prints it; no preload, no script. */
export function pdfWindowOptions(partition: string): WindowOptions {
  return {
    show: false,
    width: 1024,
    height: 1400,
    webPreferences: { partition, javascript: false },
  };
}

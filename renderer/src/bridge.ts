/**
 * The desktop bridge (`window.vendorEval`), typed by electron/preload/bridge-types.ts
 * (included by tsconfig.web.json, never imported: the renderer speaks HTTP). In a
 * plain browser it is absent: every use here is optional, and the screens say what
 * falls back to environment variables instead.
 */

export type VendorEvalBridge = NonNullable<Window['vendorEval']>;
export type DesktopSettings = Awaited<ReturnType<VendorEvalBridge['getSettings']>>;
export type DesktopSettingsUpdate = Parameters<VendorEvalBridge['saveSettings']>[0];
export type ProviderSettings = DesktopSettings['providers'][number];
export type ProviderId = ProviderSettings['id'];
export type SavePdfResult = Awaited<ReturnType<VendorEvalBridge['savePdf']>>;

export type SettingsBridge = Pick<VendorEvalBridge, 'getSettings' | 'saveSettings' | 'setProviderKey'>;

function hasFunction<K extends keyof VendorEvalBridge>(bridge: Partial<VendorEvalBridge>, name: K): boolean {
  return typeof bridge[name] === 'function';
}

/** The bridge when the preload exposed one; an older or partial bridge is treated as absent per function. */
function desktopBridge(): Partial<VendorEvalBridge> | null {
  const candidate = window.vendorEval;
  return typeof candidate === 'object' && candidate !== null ? candidate : null;
}

export function settingsBridge(): SettingsBridge | null {
  const bridge = desktopBridge();
  if (!bridge || !hasFunction(bridge, 'getSettings') || !hasFunction(bridge, 'saveSettings') || !hasFunction(bridge, 'setProviderKey')) return null;
  return bridge as SettingsBridge;
}

export function pdfBridge(): Pick<VendorEvalBridge, 'savePdf'> | null {
  const bridge = desktopBridge();
  return bridge && hasFunction(bridge, 'savePdf') ? (bridge as Pick<VendorEvalBridge, 'savePdf'>) : null;
}

/**
 * The desktop bridge (`window.vendorEval`), exposed by the Electron preload.
 * In a plain browser it is absent: every use here is optional and the screens
 * say what falls back to environment variables instead.
 */

export interface ProviderSettings {
  /** Provider id as used in model ids: `openai`, `gemini`, `ollama`. */
  id: string;
  /** The last characters of the stored key (for example `…a1b2`), never the key. */
  key_hint: string | null;
  base_url?: string | null;
}

export interface DesktopSettings {
  providers: ProviderSettings[];
  default_models: string[];
  /** Agent runs allowed at the same time. */
  concurrency: number;
  /** Most a single evaluation may spend on paid models, in US dollars; null for no cap. */
  spending_cap_usd: number | null;
}

export type DesktopSettingsUpdate = Partial<Pick<DesktopSettings, 'default_models' | 'concurrency' | 'spending_cap_usd'>>;

export interface SavePdfResult {
  /** False when the person cancelled the save dialog. */
  saved: boolean;
  path?: string | null;
}

export interface SettingsBridge {
  getSettings(): Promise<DesktopSettings>;
  saveSettings(update: DesktopSettingsUpdate): Promise<DesktopSettings>;
  /** Stores (or with an empty key, removes) a provider key; answers with the new settings. */
  setProviderKey(provider: string, key: string): Promise<DesktopSettings>;
}

export interface VendorEvalBridge extends Partial<SettingsBridge> {
  platform?: string;
  settings?: Partial<SettingsBridge>;
  savePdf?(evaluationId: string): Promise<SavePdfResult>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasFunctions<K extends string>(value: unknown, names: readonly K[]): value is Record<K, (...args: never[]) => unknown> {
  return isObject(value) && names.every((name) => typeof value[name] === 'function');
}

const SETTINGS_FUNCTIONS = ['getSettings', 'saveSettings', 'setProviderKey'] as const;

export function desktopBridge(): VendorEvalBridge | null {
  const candidate: unknown = Reflect.get(globalThis, 'vendorEval');
  // The preload checks its object against this interface; here only its presence can be checked.
  return isObject(candidate) ? (candidate as VendorEvalBridge) : null;
}

/** The settings functions, whether the bridge groups them under `settings` or exposes them directly. */
export function settingsBridge(): SettingsBridge | null {
  const bridge = desktopBridge();
  if (!bridge) return null;
  if (hasFunctions(bridge.settings, SETTINGS_FUNCTIONS)) return bridge.settings as SettingsBridge;
  if (hasFunctions(bridge, SETTINGS_FUNCTIONS)) return bridge as SettingsBridge;
  return null;
}

export function pdfBridge(): Pick<Required<VendorEvalBridge>, 'savePdf'> | null {
  const bridge = desktopBridge();
  return bridge && typeof bridge.savePdf === 'function' ? { savePdf: bridge.savePdf.bind(bridge) } : null;
}

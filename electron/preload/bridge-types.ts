/**
 * The desktop bridge (`window.vendorEval`): what the renderer may ask of the
 * main process besides HTTP. It imports nothing, so the renderer's
 * tsconfig can include this file and get `window.vendorEval` typed globally.
 */

export const PROVIDER_IDS = ['openai', 'gemini', 'ollama'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderSettings {
  id: ProviderId;
  /** The last characters of the stored key (`…3f9a`), never the key; null when none is stored. */
  key_hint: string | null;
  /** An OpenAI-compatible, Gemini or Ollama server to use instead of the provider's own; null for the default. */
  base_url: string | null;
}

export interface DesktopSettings {
  providers: ProviderSettings[];
  default_models: string[];
  /** Agent runs at the same time within one evaluation. */
  concurrency: number;
  /** Most a single evaluation may spend on paid models, in US dollars; null for no cap. */
  spending_cap_usd: number | null;
  /**
   * False where the operating system offers no encryption (for example Linux
   * without a keyring): keys are then stored as plain text and the UI must say so.
   */
  keysEncrypted: boolean;
}

export interface DesktopSettingsUpdate {
  default_models?: string[];
  concurrency?: number;
  spending_cap_usd?: number | null;
  base_urls?: Partial<Record<ProviderId, string | null>>;
}

export interface SavePdfResult {
  /** False when the person cancelled the save dialog. */
  saved: boolean;
  path: string | null;
}

export interface VendorEvalBridge {
  readonly platform: string;
  getSettings(): Promise<DesktopSettings>;
  saveSettings(update: DesktopSettingsUpdate): Promise<DesktopSettings>;
  /** Stores a key (null removes it); answers with its hint only. */
  setProviderKey(provider: ProviderId, key: string | null): Promise<string | null>;
  /** Prints the evaluation's report to PDF and asks where to save it. */
  savePdf(evaluationId: string): Promise<SavePdfResult>;
}

declare global {
  interface Window {
    /** Present in the desktop app only; absent when the screens run in a browser. */
    vendorEval?: VendorEvalBridge;
  }
}

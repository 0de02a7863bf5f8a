import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name, also the name of the per-user data folder the desktop app uses. */
export const APP_NAME = 'Vendor Evaluation';

/**
 * The per-user application data folder, the same one Electron's
 * app.getPath('userData') gives, so the desktop app and the CLI share data.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.VENDOR_EVAL_DATA_DIR) return env.VENDOR_EVAL_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

/** Models used when a request names none: VENDOR_EVAL_MODELS="rules,openai:gpt-4o-mini". */
export function defaultModelsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.VENDOR_EVAL_MODELS ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  return listed.length > 0 ? listed : ['rules'];
}

export function positiveIntFromEnv(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const NO_BROWSER_MESSAGE = 'No Chrome or Chromium found; install one or set CHROME_PATH';

export interface BrowserSearch {
  env: Partial<Record<'CHROME_PATH' | 'PUPPETEER_EXECUTABLE_PATH' | 'LOCALAPPDATA' | 'PROGRAMFILES' | 'PROGRAMFILES(X86)', string>>;
  platform: NodeJS.Platform;
  exists(path: string): boolean;
}

export type BrowserLocation = { ok: true; path: string } | { ok: false; reason: string };

/** Where Chrome or Chromium usually lives on each system, most likely first. */
export function wellKnownBrowserPaths(platform: NodeJS.Platform, env: BrowserSearch['env'] = {}): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', env.LOCALAPPDATA]
      .filter((root): root is string => Boolean(root));
    return [
      ...roots.map((root) => join(root, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ...roots.map((root) => join(root, 'Chromium', 'Application', 'chrome.exe')),
      ...roots.map((root) => join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe')),
    ];
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/lib/chromium/chromium',
    '/snap/bin/chromium',
  ];
}

/**
 * The browser named by CHROME_PATH or PUPPETEER_EXECUTABLE_PATH, else the first
 * well-known path that exists. A variable naming a missing file is an error:
 * silently printing with another browser would hide the typo.
 */
export function findBrowser(search: BrowserSearch = { env: process.env, platform: process.platform, exists: existsSync }): BrowserLocation {
  for (const variable of ['CHROME_PATH', 'PUPPETEER_EXECUTABLE_PATH'] as const) {
    const named = search.env[variable]?.trim();
    if (!named) continue;
    return search.exists(named) ? { ok: true, path: named } : { ok: false, reason: `${variable} names ${named}, which does not exist` };
  }
  const found = wellKnownBrowserPaths(search.platform, search.env).find((path) => search.exists(path));
  return found ? { ok: true, path: found } : { ok: false, reason: NO_BROWSER_MESSAGE };
}

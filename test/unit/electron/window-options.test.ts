import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import {
  createHardenedWindow,
  HARDENED_WEB_PREFERENCES,
  mainWindowOptions,
  pdfWindowOptions,
  type WindowOptions,
} from '../../../electron/main/window-options';

/** Stands in for BrowserWindow: remembers the options of every window created. */
function fakeWindowClass() {
  const created: BrowserWindowConstructorOptions[] = [];
  class FakeWindow {
    constructor(readonly options: BrowserWindowConstructorOptions) {
      created.push(options);
    }
  }
  return { FakeWindow, created };
}

const MAIN_DIR = fileURLToPath(new URL('../../../electron/main', import.meta.url));

describe('every window of the app', () => {
  it('is created with context isolation, the sandbox and no Node, whatever the caller asks', () => {
    const { FakeWindow, created } = fakeWindowClass();
    const sneaky = {
      show: false,
      webPreferences: { preload: '/app/preload.js', nodeIntegration: true, sandbox: false, contextIsolation: false, webSecurity: false },
    };
    createHardenedWindow(FakeWindow, sneaky satisfies WindowOptions);
    createHardenedWindow(FakeWindow, mainWindowOptions('/app/out/preload/index.js'));
    createHardenedWindow(FakeWindow, pdfWindowOptions('pdf-export-1'));
    createHardenedWindow(FakeWindow, {});

    expect(created).toHaveLength(4);
    for (const options of created) {
      expect(options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
      });
    }
    expect(created[0]!.webPreferences!.preload).toBe('/app/preload.js');
    expect(created[1]!.webPreferences!.preload).toBe('/app/out/preload/index.js');
  });

  it('the PDF window has no preload, runs no script and lives in its own session', () => {
    const { FakeWindow, created } = fakeWindowClass();
    createHardenedWindow(FakeWindow, pdfWindowOptions('pdf-export-7'));
    expect(created[0]).toMatchObject({ show: false, webPreferences: { partition: 'pdf-export-7', javascript: false } });
    expect(created[0]!.webPreferences!.preload).toBeUndefined();
  });

  it('is only ever made through createHardenedWindow: main never calls new BrowserWindow', () => {
    const sources = readdirSync(MAIN_DIR).filter((name) => name.endsWith('.ts'));
    expect(sources).toContain('index.ts');
    for (const name of sources) {
      const text = readFileSync(join(MAIN_DIR, name), 'utf8');
      expect(text, name).not.toMatch(/new\s+BrowserWindow\b/);
      expect(text, name).not.toMatch(/new\s+BrowserView\b|WebContentsView\b/);
    }
    expect(readFileSync(join(MAIN_DIR, 'index.ts'), 'utf8')).toMatch(/createHardenedWindow\(BrowserWindow, mainWindowOptions/);
  });

  it('lists the hardened preferences once', () => {
    expect(HARDENED_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });
});

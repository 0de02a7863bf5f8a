import { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_NAME, defaultDataDir } from '../../server/config';
import { registerBridgeHandlers } from './bridge-handlers';
import { lockNavigation } from './navigation';
import { printReportPdf, reportUrlOf } from './pdf-export';
import { sqlWasmPath, startEmbeddedServer, type EmbeddedServer } from './server-host';
import { DesktopSettingsStore, SETTINGS_DEFAULTS, type PersistedSettings } from './settings-store';
import { denyAllPermissions, hardenSession } from './web-security';
import { createHardenedWindow, mainWindowOptions, pdfWindowOptions } from './window-options';

/*
 * The main process only calls Electron; every decision lives in the modules
 * imported above, which the unit tests exercise with structural fakes.
 */

const here = import.meta.dirname;
let embedded: EmbeddedServer | undefined;
let settings: DesktopSettingsStore | undefined;

function appOrigin(server: EmbeddedServer): string {
  return new URL(server.server.rootUrl).origin;
}

async function startServer(): Promise<EmbeddedServer> {
  const store = new Store<PersistedSettings>({ name: 'settings', defaults: SETTINGS_DEFAULTS });
  settings = new DesktopSettingsStore(store, safeStorage, (provider) =>
    console.warn(`The stored ${provider} key cannot be decrypted any more; enter it again in Settings.`),
  );
  const desktop = settings;
  const server = await startEmbeddedServer({
    // The same folder the CLI uses by default (and VENDOR_EVAL_DATA_DIR when set).
    dataDir: defaultDataDir(),
    rendererDir: join(here, '../renderer'),
    wasmPath: sqlWasmPath(),
    settings: () => {
      const view = desktop.view();
      return { llm: desktop.connections(), defaultModels: view.default_models, concurrency: view.concurrency };
    },
  });
  const origin = appOrigin(server);
  hardenSession(session.defaultSession, origin);

  let restarts = Promise.resolve();
  registerBridgeHandlers(ipcMain, origin, {
    settings: desktop,
    printReport: (evaluationId) =>
      printReportPdf(
        {
          openWindow: (partition) => createHardenedWindow(BrowserWindow, pdfWindowOptions(partition)),
          sessionFor: (partition) => session.fromPartition(partition, { cache: false }),
          fetch: (url) => fetch(url),
        },
        reportUrlOf(server.server.apiUrl, evaluationId),
      ),
    askSavePath: async (defaultName) => {
      const parent = BrowserWindow.getFocusedWindow();
      const options = { defaultPath: defaultName, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
      const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return choice.canceled || !choice.filePath ? null : choice.filePath;
    },
    writeFile: (path, data) => writeFile(path, data),
    onConnectionsChanged: () => (restarts = restarts.then(() => server.restart())),
  });
  return server;
}

async function openMainWindow(): Promise<void> {
  embedded ??= await startServer();
  const window = createHardenedWindow(BrowserWindow, mainWindowOptions(join(here, '../preload/index.js')));
  lockNavigation(window.webContents, appOrigin(embedded), (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  await window.loadURL(embedded.server.rootUrl);
}

// In development package.json names the app `vendor-evaluation`; its data folder must not depend on that.
app.setName(APP_NAME);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  // Any web contents created later (a devtools-opened frame, a stray window) gets the same guard.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.on('session-created', (created) => denyAllPermissions(created));
  app
    .whenReady()
    .then(async () => {
      denyAllPermissions(session.defaultSession);
      await openMainWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) void openMainWindow();
      });
    })
    .catch((error: unknown) => {
      dialog.showErrorBox('Vendor Evaluation could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !embedded) return;
    event.preventDefault();
    stopping = true;
    // Storage is flushed before the process ends.
    void embedded.stop().finally(() => app.quit());
  });
}

import { app, BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { lockNavigation } from './navigation';
import { startEmbeddedServer, type EmbeddedServer } from './server-host';
import { mainWindowOptions } from './window-options';

let embedded: EmbeddedServer | undefined;

async function openMainWindow(): Promise<void> {
  embedded ??= await startEmbeddedServer({
    dataDir: app.getPath('userData'),
    rendererDir: join(__dirname, '../renderer'),
  });
  const window = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.js')));
  lockNavigation(window.webContents, new URL(embedded.server.rootUrl).origin, (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  await window.loadURL(embedded.server.rootUrl);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    await openMainWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void openMainWindow();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !embedded) return;
    event.preventDefault();
    stopping = true;
    void embedded.stop().finally(() => app.quit());
  });
}

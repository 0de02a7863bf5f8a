type PreventableListener = (event: { preventDefault(): void }, url: string) => void;

/** Structural subset of Electron's WebContents that the guard needs (tests pass fakes). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: PreventableListener): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Keeps a window on the app's own origin. No window is ever opened by the
 * page; an https link goes to the system browser, anything else nowhere.
 */
export function lockNavigation(contents: GuardedContents, appOrigin: string, openExternal: (url: string) => void): void {
  const stayOnApp: PreventableListener = (event, url) => {
    if (originOf(url) !== appOrigin) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttps(url)) openExternal(url);
    return { action: 'deny' };
  });
}

export function isExternalHttps(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Structural subset of Electron's WebContents that the guard needs (tests pass fakes). */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Keeps a window on the app's own origin; https links open in the system browser. */
export function lockNavigation(contents: GuardedContents, appOrigin: string, openExternal: (url: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== appOrigin) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttps(url)) openExternal(url);
    return { action: 'deny' };
  });
}

export function isExternalHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

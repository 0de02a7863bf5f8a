import { describe, expect, it } from 'vitest';
import { isExternalHttps, lockNavigation, type GuardedContents } from '../../../electron/main/navigation';

const APP = 'http://127.0.0.1:41234';

function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
  let windowOpen: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    on(event: string, listener: (event: { preventDefault(): void }, url: string) => void) {
      listeners.set(event, listener as (event: { preventDefault(): void }, url?: string) => void);
    },
    setWindowOpenHandler(handler) {
      windowOpen = handler;
    },
  };
  const attempt = (event: string, url?: string) => {
    let prevented = false;
    listeners.get(event)!({ preventDefault: () => (prevented = true) }, url);
    return prevented ? 'blocked' : 'allowed';
  };
  return { contents, attempt, open: (url: string) => windowOpen!({ url }) };
}

describe('navigation lock', () => {
  it('lets the window move within the app and nowhere else', () => {
    const { contents, attempt } = fakeContents();
    lockNavigation(contents, APP, () => undefined);
    expect(attempt('will-navigate', `${APP}/evaluations/1`)).toBe('allowed');
    expect(attempt('will-navigate', 'https://evil.example/')).toBe('blocked');
    expect(attempt('will-navigate', 'http://127.0.0.1:9999/')).toBe('blocked');
    expect(attempt('will-navigate', 'file:///etc/passwd')).toBe('blocked');
    expect(attempt('will-navigate', 'not a url')).toBe('blocked');
    expect(attempt('will-redirect', 'https://evil.example/')).toBe('blocked');
    expect(attempt('will-attach-webview')).toBe('blocked');
  });

  it('denies every window.open; only https links go to the system browser', () => {
    const opened: string[] = [];
    const { contents, open } = fakeContents();
    lockNavigation(contents, APP, (url) => opened.push(url));
    for (const url of ['https://docs.example/pricing', 'http://plain.example/', 'file:///etc/passwd', 'javascript:alert(1)', `${APP}/x`, 'smb://share/x']) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://docs.example/pricing']);
  });

  it('does not hand credentials-bearing or malformed links to the system browser', () => {
    expect(isExternalHttps('https://user:pw@example.com/')).toBe(false);
    expect(isExternalHttps('https://')).toBe(false);
    expect(isExternalHttps('HTTPS://Example.com/a')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  APP_CONTENT_SECURITY_POLICY,
  denyAllPermissions,
  hardenSession,
  isAllowedRequest,
  withContentSecurityPolicy,
  type ResponseHeaders,
  type SessionLike,
} from '../../../electron/main/web-security';

const APP = 'http://127.0.0.1:41234';

function fakeSession() {
  const seen: {
    request?: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
    check?: (contents: unknown, permission: string) => boolean;
    beforeRequest?: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;
    headers?: (details: { url: string; responseHeaders?: ResponseHeaders }, callback: (response: { responseHeaders: ResponseHeaders }) => void) => void;
  } = {};
  const session: SessionLike = {
    setPermissionRequestHandler: (handler) => (seen.request = handler),
    setPermissionCheckHandler: (handler) => (seen.check = handler),
    webRequest: {
      onBeforeRequest: (listener) => (seen.beforeRequest = listener),
      onHeadersReceived: (listener) => (seen.headers = listener),
    },
  };
  return { session, seen };
}

describe('content security policy', () => {
  it('is strict: scripts from the app only, no eval, no plugins, no remote connections', () => {
    expect(APP_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*|https?:/);
  });

  it('is added to every response of the app origin and keeps a stricter one the server sent', () => {
    expect(withContentSecurityPolicy(`${APP}/`, { 'content-type': ['text/html'] }, APP)).toEqual({
      'content-type': ['text/html'],
      'Content-Security-Policy': [APP_CONTENT_SECURITY_POLICY],
    });
    const report = withContentSecurityPolicy(`${APP}/api/v1/evaluations/1/report`, { 'content-security-policy': ["default-src 'none'"] }, APP);
    expect(report).toEqual({ 'content-security-policy': ["default-src 'none'", APP_CONTENT_SECURITY_POLICY] });
    expect(withContentSecurityPolicy('https://elsewhere.example/', {}, APP)).toEqual({});
  });

  it('is installed with onHeadersReceived on the session', () => {
    const { session, seen } = fakeSession();
    hardenSession(session, APP);
    let answered: ResponseHeaders | undefined;
    seen.headers!({ url: `${APP}/index.html`, responseHeaders: {} }, ({ responseHeaders }) => (answered = responseHeaders));
    expect(answered).toEqual({ 'Content-Security-Policy': [APP_CONTENT_SECURITY_POLICY] });
  });
});

describe('remote content', () => {
  it('is refused: only the app origin, inline data and devtools load', () => {
    expect(isAllowedRequest(`${APP}/assets/index.js`, APP)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,AAAA', APP)).toBe(true);
    expect(isAllowedRequest('devtools://devtools/bundled/inspector.html', APP)).toBe(true);
    expect(isAllowedRequest('https://cdn.example/lib.js', APP)).toBe(false);
    expect(isAllowedRequest('http://127.0.0.1:9/', APP)).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd', APP)).toBe(false);
    expect(isAllowedRequest('nonsense', APP)).toBe(false);

    const { session, seen } = fakeSession();
    hardenSession(session, APP);
    const cancelled: boolean[] = [];
    seen.beforeRequest!({ url: 'https://tracker.example/pixel.gif' }, ({ cancel }) => cancelled.push(cancel));
    seen.beforeRequest!({ url: `${APP}/api/v1/health` }, ({ cancel }) => cancelled.push(cancel));
    expect(cancelled).toEqual([true, false]);
  });
});

describe('permissions', () => {
  it('are denied when requested and when checked', () => {
    const { session, seen } = fakeSession();
    denyAllPermissions(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      let granted: boolean | undefined;
      seen.request!({}, permission, (answer) => (granted = answer));
      expect(granted, permission).toBe(false);
      expect(seen.check!({}, permission), permission).toBe(false);
    }
  });
});

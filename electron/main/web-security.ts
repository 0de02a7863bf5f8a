/**
 * Session-level defences: the Content-Security-Policy on every response of
 * the app's origin, no request leaving for another origin, no permission ever granted.
 * Structural types stand in for Electron's Session so tests run without it.
 */

export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Vue and the charts set style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The report is shown in a frame; it is served by the app itself.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export type ResponseHeaders = Record<string, string[]>;

/**
 * The response headers with the app's policy added. A policy the server sent
 * already (the report's stricter one) stays: the browser enforces both.
 */
export function withContentSecurityPolicy(url: string, headers: ResponseHeaders | undefined, appOrigin: string): ResponseHeaders {
  const result: ResponseHeaders = { ...headers };
  if (originOf(url) !== appOrigin) return result;
  const name = Object.keys(result).find((key) => key.toLowerCase() === 'content-security-policy') ?? 'Content-Security-Policy';
  result[name] = [...(result[name] ?? []), APP_CONTENT_SECURITY_POLICY];
  return result;
}

/** The app loads its own origin only; devtools and inline data are not remote content. */
export function isAllowedRequest(url: string, appOrigin: string): boolean {
  if (originOf(url) === appOrigin) return true;
  const protocol = protocolOf(url);
  return protocol === 'data:' || protocol === 'blob:' || protocol === 'devtools:';
}

export interface WebRequestLike {
  onBeforeRequest(listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void): void;
  onHeadersReceived(
    listener: (
      details: { url: string; responseHeaders?: ResponseHeaders },
      callback: (response: { responseHeaders: ResponseHeaders }) => void,
    ) => void,
  ): void;
}

export interface PermissionSessionLike {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

export interface SessionLike extends PermissionSessionLike {
  webRequest: WebRequestLike;
}

/** Nothing the app does needs a camera, notifications or the clipboard from the web side. */
export function denyAllPermissions(session: PermissionSessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export function hardenSession(session: SessionLike, appOrigin: string): void {
  denyAllPermissions(session);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url, appOrigin) }));
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.url, details.responseHeaders, appOrigin) }),
  );
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

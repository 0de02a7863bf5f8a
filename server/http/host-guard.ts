import type { RequestHandler } from 'express';
import { sendError } from './errors';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Answers only requests addressed to a loopback name. A web page cannot then
 * reach this local server through a DNS name it controls (DNS rebinding).
 */
export function hostGuard(allowedHosts: string[] = LOOPBACK_NAMES): RequestHandler {
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
  return (req, res, next) => {
    const header = (req.headers.host ?? '').toLowerCase();
    const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]!;
    if (allowed.has(name)) return next();
    sendError(res, 403, `Host ${JSON.stringify(header)} is not served here; use http://127.0.0.1:<port>`);
  };
}

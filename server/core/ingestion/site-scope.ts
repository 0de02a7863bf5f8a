/** Which URLs belong to the vendor's site, and how they are compared. */

const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'ne', 'or', 'go', 'gob', 'nic']);
const TRACKING_PARAM = /^(utm_[a-z]+|gclid|fbclid|mc_cid|mc_eid|ref|_hs[a-z]+)$/i;

export function parseWebUrl(raw: string, base?: string | URL): URL | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function isIpOrLocal(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[') || !hostname.includes('.');
}

/**
 * The part of a host name a company registers: `docs.acme.com` → `acme.com`,
 * `www.acme.co.uk` → `acme.co.uk`. Without a public-suffix list, common
 * second-level suffixes under country codes are recognised; IP addresses and
 * single-label hosts stand for themselves together with their port.
 */
export function registrableHost(url: URL): string {
  const hostname = url.hostname.toLowerCase();
  if (isIpOrLocal(hostname)) return url.host.toLowerCase();
  const labels = hostname.replace(/\.$/, '').split('.');
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const take = last.length === 2 && SECOND_LEVEL.has(second) && labels.length >= 3 ? 3 : 2;
  return labels.slice(-take).join('.');
}

export function isSameSite(a: URL, b: URL): boolean {
  return registrableHost(a) === registrableHost(b);
}

/** One key per page: no fragment, no tracking parameters, no trailing slash. */
export function pageKey(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  for (const name of [...copy.searchParams.keys()]) if (TRACKING_PARAM.test(name)) copy.searchParams.delete(name);
  const path = copy.pathname.length > 1 ? copy.pathname.replace(/\/+$/, '') : copy.pathname;
  return `${copy.protocol}//${copy.host.toLowerCase()}${path}${copy.search}`;
}

/** The URL to request for a page: fragment and tracking parameters removed. */
export function cleanPageUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  for (const name of [...copy.searchParams.keys()]) if (TRACKING_PARAM.test(name)) copy.searchParams.delete(name);
  return copy.href;
}

/** `acme.com` for people: the host without `www.`. */
export function displayHost(url: string): string {
  const parsed = parseWebUrl(url);
  return parsed ? parsed.host.replace(/^www\./, '') : url;
}

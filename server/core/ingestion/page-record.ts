import type { IngestionProblem, Page, PageKind } from '../../contracts';
import type { FetchOutcome } from '../ports';
import type { BoundedOutcome } from './bounded-fetch';
import { capText, collapse, parseHtml } from './html-document';
import type { IngestionLimits } from './limits';
import type { ReadPage } from './read-page';

/** Turning fetch outcomes into stored page records and problems people can read. */

type Answered = Extract<FetchOutcome, { ok: true }>;

export function isHtml(outcome: Answered): boolean {
  if (/html/i.test(outcome.contentType)) return true;
  return outcome.contentType.trim() === '' && /^\s*<(!doctype|html|head|body)/i.test(outcome.body);
}

/** HTML or plain text: something a reader (human or agent) can read as a page. */
export function isReadable(outcome: Answered): boolean {
  return isHtml(outcome) || /^text\/(plain|markdown)/i.test(outcome.contentType);
}

export function mediaType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() || 'an unknown type';
}

/** The stored record of an answered request, parsed when it is readable HTML. */
export function readAnswer(outcome: Answered, kind: PageKind): ReadPage {
  const html = isHtml(outcome) && outcome.body !== '' ? parseHtml(outcome.body, outcome.finalUrl) : null;
  const text = html ? html.text : isReadable(outcome) || kind === 'robots' || kind === 'llms' ? capText(collapse(outcome.body)) : '';
  const page: Page = {
    url: outcome.url,
    final_url: outcome.finalUrl,
    kind,
    http_status: outcome.status,
    content_type: outcome.contentType,
    title: html?.title ?? '',
    bytes: outcome.bytes,
    duration_ms: Math.round(outcome.durationMs),
    redirects: outcome.redirects,
    truncated: outcome.truncated,
    text,
  };
  return { page, html };
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1))} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} kB`;
  return `${bytes} bytes`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 410: 'Gone',
  429: 'Too Many Requests', 451: 'Unavailable For Legal Reasons', 500: 'Internal Server Error', 502: 'Bad Gateway',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  const name = STATUS_TEXT[status];
  return name ? `HTTP ${status} (${name})` : `HTTP ${status}`;
}

/** The problem a failed request is, worded for a person. */
export function failureProblem(outcome: Extract<BoundedOutcome, { ok: false }>, limits: IngestionLimits): IngestionProblem {
  const detail =
    outcome.kind === 'timeout'
      ? outcome.cutByDeadline
        ? `Not read: the ${formatSeconds(limits.totalTimeMs)} limit for the whole website ran out`
        : `The page did not answer within ${formatSeconds(limits.pageTimeoutMs)}`
      : outcome.detail;
  return { url: outcome.url, kind: outcome.kind, detail };
}

export function httpErrorProblem(page: Page): IngestionProblem {
  return { url: page.url, kind: 'http_error', detail: `The page returned ${statusText(page.http_status)}` };
}

export function notHtmlProblem(page: Page): IngestionProblem {
  return { url: page.url, kind: 'not_html', detail: `The page is ${mediaType(page.content_type)}, not HTML` };
}

export function tooLargeProblem(page: Page, limits: IngestionLimits): IngestionProblem {
  return {
    url: page.url,
    kind: 'too_large',
    detail: `The page is larger than ${formatBytes(limits.maxPageBytes)}; only the first ${formatBytes(limits.maxPageBytes)} were read`,
  };
}

export function robotsProblem(url: string, limits: IngestionLimits): IngestionProblem {
  const agent = limits.userAgent.split('/')[0] ?? limits.userAgent;
  return { url, kind: 'robots_disallowed', detail: `robots.txt does not allow ${agent} to read this page, so it was skipped` };
}

import { randomUUID } from 'node:crypto';
import { PAGE_FOOTER } from '../../server/adapters/browser/page-footer';
import { denyAllPermissions, type PermissionSessionLike } from './web-security';

export interface PrintToPdfOptions {
  printBackground: boolean;
  pageSize: 'A4';
  preferCSSPageSize: boolean;
  displayHeaderFooter: boolean;
  headerTemplate: string;
  footerTemplate: string;
}

export const PDF_OPTIONS: PrintToPdfOptions = {
  printBackground: true,
  pageSize: 'A4',
  preferCSSPageSize: true,
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  footerTemplate: PAGE_FOOTER,
};

/** The parts of Electron's WebContents the printing needs. */
export interface WebContentsLike {
  printToPDF(options: PrintToPdfOptions): Promise<Uint8Array>;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface PdfWindowLike {
  webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  destroy(): void;
}

export interface PdfSessionLike extends PermissionSessionLike {
  webRequest: {
    onBeforeRequest(listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void): void;
  };
}

export interface PdfExportDeps {
  /** Opens a hidden hardened window (createHardenedWindow with pdfWindowOptions) in the given session. */
  openWindow(partition: string): PdfWindowLike;
  sessionFor(partition: string): PdfSessionLike;
  fetch(url: string): Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
}

/** The report cannot be printed yet (not completed, unknown id); the message says why. */
export class ReportUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportUnavailableError';
  }
}

export const EVALUATION_ID = /^[A-Za-z0-9-]{1,100}$/;

export function reportUrlOf(apiUrl: string, evaluationId: string): string {
  if (!EVALUATION_ID.test(evaluationId)) throw new ReportUnavailableError('That is not an evaluation id');
  return `${apiUrl}/evaluations/${evaluationId}/report`;
}

/**
 * Prints the report in a window of its own: a fresh in-memory session whose
 * only permitted request is the report itself, no script, no preload. The
 * report is self-contained, so blocking everything else loses nothing.
 */
export async function printReportPdf(deps: PdfExportDeps, reportUrl: string): Promise<Uint8Array> {
  const answer = await deps.fetch(reportUrl);
  if (!answer.ok) throw new ReportUnavailableError(await errorDetail(answer));

  const partition = `pdf-export-${randomUUID()}`;
  const session = deps.sessionFor(partition);
  denyAllPermissions(session);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: details.url !== reportUrl }));
  const window = deps.openWindow(partition);
  try {
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    await window.loadURL(reportUrl);
    return await window.webContents.printToPDF(PDF_OPTIONS);
  } finally {
    window.destroy();
  }
}

async function errorDetail(answer: { status: number; text(): Promise<string> }): Promise<string> {
  const text = await answer.text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') return body.detail;
  } catch {
    // not the API's error body
  }
  return `The report could not be loaded (HTTP ${answer.status})`;
}

export function pdfFileName(evaluationId: string): string {
  return `vendor-evaluation-${evaluationId}.pdf`;
}

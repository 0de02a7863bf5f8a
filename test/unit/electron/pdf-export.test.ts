import { describe, expect, it } from 'vitest';
import {
  PDF_OPTIONS,
  printReportPdf,
  reportUrlOf,
  ReportUnavailableError,
  type PdfExportDeps,
  type PdfSessionLike,
  type PrintToPdfOptions,
} from '../../../electron/main/pdf-export';

const API = 'http://127.0.0.1:41234/api/v1';
const REPORT = `${API}/evaluations/3b1c0f9e-1111-4222-8333-444455556666/report`;
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

/** A fake Electron: sessions record their request filter, windows record what they loaded and printed. */
function fakeElectron(reportAnswer: { ok: boolean; status: number; body: string } = { ok: true, status: 200, body: '<html></html>' }) {
  const sessions = new Map<string, { filter?: (url: string) => boolean; permissionGranted?: boolean; checkGranted?: boolean }>();
  const windows: { partition: string; loaded: string[]; printed: PrintToPdfOptions[]; destroyed: boolean; openHandler?: unknown }[] = [];
  const deps: PdfExportDeps = {
    sessionFor(partition) {
      const record: { filter?: (url: string) => boolean; permissionGranted?: boolean; checkGranted?: boolean } = {};
      sessions.set(partition, record);
      const session: PdfSessionLike = {
        setPermissionRequestHandler: (handler) => handler({}, 'media', (granted) => (record.permissionGranted = granted)),
        setPermissionCheckHandler: (handler) => (record.checkGranted = handler({}, 'media')),
        webRequest: {
          onBeforeRequest: (listener) => {
            record.filter = (url) => {
              let cancel = false;
              listener({ url }, (response) => (cancel = response.cancel));
              return !cancel;
            };
          },
        },
      };
      return session;
    },
    openWindow(partition) {
      const window = { partition, loaded: [] as string[], printed: [] as PrintToPdfOptions[], destroyed: false, openHandler: undefined as unknown };
      windows.push(window);
      return {
        webContents: {
          printToPDF: async (options) => {
            window.printed.push(options);
            return PDF;
          },
          setWindowOpenHandler: (handler) => (window.openHandler = handler),
        },
        loadURL: async (url) => {
          const allowed = sessions.get(partition)?.filter?.(url) ?? true;
          if (!allowed) throw new Error(`ERR_BLOCKED_BY_CLIENT ${url}`);
          window.loaded.push(url);
        },
        destroy: () => (window.destroyed = true),
      };
    },
    fetch: async () => ({ ok: reportAnswer.ok, status: reportAnswer.status, text: async () => reportAnswer.body }),
  };
  return { deps, sessions, windows };
}

describe('saving the report as PDF in the desktop app', () => {
  it('prints in a hidden window whose session lets through the report URL and nothing else', async () => {
    const { deps, sessions, windows } = fakeElectron();
    const pdf = await printReportPdf(deps, REPORT);
    expect(pdf).toBe(PDF);

    expect(windows).toHaveLength(1);
    const [window] = windows;
    expect(window!.loaded).toEqual([REPORT]);
    expect(window!.printed).toEqual([{ ...PDF_OPTIONS, printBackground: true, pageSize: 'A4' }]);
    expect(PDF_OPTIONS.footerTemplate).toContain('pageNumber');
    expect(window!.destroyed).toBe(true);

    const session = sessions.get(window!.partition)!;
    expect(window!.partition).toMatch(/^pdf-export-/);
    expect(window!.partition).not.toMatch(/^persist:/);
    expect(session.filter!(REPORT)).toBe(true);
    for (const other of [
      `${API}/evaluations/other/report`,
      `${REPORT}?format=json`,
      'http://127.0.0.1:41234/assets/index.js',
      'https://tracker.example/pixel.gif',
      'file:///etc/passwd',
      'data:text/html,<script>1</script>',
    ]) {
      expect(session.filter!(other), other).toBe(false);
    }
    expect(session.permissionGranted).toBe(false);
    expect(session.checkGranted).toBe(false);
  });

  it('uses a fresh session for each print', async () => {
    const { deps, windows } = fakeElectron();
    await printReportPdf(deps, REPORT);
    await printReportPdf(deps, REPORT);
    expect(windows[0]!.partition).not.toBe(windows[1]!.partition);
  });

  it('says why when the report is not ready, without opening a window', async () => {
    const { deps, windows } = fakeElectron({
      ok: false,
      status: 400,
      body: JSON.stringify({ detail: 'The evaluation has not completed yet', status_code: 400 }),
    });
    await expect(printReportPdf(deps, REPORT)).rejects.toThrow(new ReportUnavailableError('The evaluation has not completed yet'));
    expect(windows).toEqual([]);
  });

  it('closes the window when printing fails', async () => {
    const { deps, windows } = fakeElectron();
    const failing: PdfExportDeps = {
      ...deps,
      openWindow: (partition) => {
        const window = deps.openWindow(partition);
        return { ...window, webContents: { ...window.webContents, printToPDF: async () => Promise.reject(new Error('printing failed')) } };
      },
    };
    await expect(printReportPdf(failing, REPORT)).rejects.toThrow('printing failed');
    expect(windows[0]!.destroyed).toBe(true);
  });

  it('builds the report URL from an evaluation id only', () => {
    expect(reportUrlOf(API, '3b1c0f9e-1111-4222-8333-444455556666')).toBe(REPORT);
    for (const bad of ['../../etc', 'a/b', 'x?format=json', '', 'https://evil.example']) {
      expect(() => reportUrlOf(API, bad), bad).toThrow(ReportUnavailableError);
    }
  });
});

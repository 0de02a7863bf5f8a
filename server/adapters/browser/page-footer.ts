/**
 * Page numbers in the bottom margin the report's @page rule leaves. Chromium
 * fills the classes in; the desktop app's printToPDF uses the same template.
 */
export const PAGE_FOOTER =
  '<div style="width:100%;padding:0 12mm;font:8px sans-serif;color:#6b7280;text-align:right">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

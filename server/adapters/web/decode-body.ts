/** Turning response bytes into text: which bodies are text, and in which encoding. */

const TEXTUAL = /^text\/|[/+](html|xml|json|javascript|ecmascript|x-yaml|yaml)\b|^application\/(xhtml|rss|atom|ld\+json|manifest)/i;

export function isTextual(contentType: string): boolean {
  return TEXTUAL.test(contentType.trim());
}

/**
 * The body as text: the charset of the content type, else (for HTML) a
 * `<meta charset>` in the first bytes, else UTF-8. Null when a body without a
 * content type looks binary.
 */
export function decodeBody(data: Uint8Array, contentType: string): string | null {
  if (contentType === '' && looksBinary(data)) return null;
  const declared = charsetOf(contentType) ?? (/html/i.test(contentType) || contentType === '' ? metaCharset(data) : null);
  return decodeAs(declared, data);
}

function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1] ?? null;
}

function metaCharset(data: Uint8Array): string | null {
  const head = decodeWindows1252(data.subarray(0, 2048));
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head);
  return match?.[1] ?? null;
}

// WHATWG decodes every latin1 label as windows-1252; Node 20's TextDecoder leaves
// 0x80–0x9F as control characters, which turns € and curly quotes into garbage.
const LATIN1_LABELS = new Set([
  'latin1', 'iso-8859-1', 'iso8859-1', 'iso_8859-1', 'l1', 'windows-1252', 'cp1252', 'x-cp1252', 'us-ascii', 'ascii',
  'ansi_x3.4-1968', 'cp819', 'ibm819', 'iso-ir-100', 'csisolatin1',
]);
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(data: Uint8Array): string {
  let out = '';
  for (let start = 0; start < data.length; start += 8192) {
    const codes = Array.from(data.subarray(start, start + 8192), (byte) => (byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte));
    out += String.fromCharCode(...codes);
  }
  return out;
}

function decodeAs(label: string | null, data: Uint8Array): string {
  if (label && LATIN1_LABELS.has(label.trim().toLowerCase())) return decodeWindows1252(data);
  if (label) {
    try {
      return new TextDecoder(label.trim().toLowerCase()).decode(data);
    } catch {
      // An unknown charset label: read it as UTF-8 rather than not at all.
    }
  }
  return new TextDecoder('utf-8').decode(data);
}

function looksBinary(data: Uint8Array): boolean {
  const sample = data.subarray(0, 1024);
  return sample.includes(0);
}

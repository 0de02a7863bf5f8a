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
  const head = new TextDecoder('latin1').decode(data.subarray(0, 2048));
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head);
  return match?.[1] ?? null;
}

function decodeAs(label: string | null, data: Uint8Array): string {
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

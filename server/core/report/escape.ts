/**
 * HTML output is built only through the `html` tag below: every interpolated
 * value is escaped unless it is itself the product of `html`, so text from a
 * website, a model or a user cannot become markup by accident.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Markup that is safe to insert as is. Only `html` and `trustedMarkup` make one. */
export class SafeHtml {
  readonly #markup: string;

  private constructor(markup: string) {
    this.#markup = markup;
  }

  static fromTrusted(markup: string): SafeHtml {
    return new SafeHtml(markup);
  }

  toString(): string {
    return this.#markup;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

/** Tagged template: literal parts are markup, interpolations are escaped. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return SafeHtml.fromTrusted(out);
}

/**
 * For constants written in this module tree (the style sheet), never for data.
 * The name makes each use easy to audit.
 */
export function trustedMarkup(constant: string): SafeHtml {
  return SafeHtml.fromTrusted(constant);
}

/** The URL normalised, when it is http(s) and may go in an href; otherwise null. */
export function linkableUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

/** A URL shown as text, linked only when it is http(s). */
export function urlText(url: string): SafeHtml {
  const href = linkableUrl(url);
  if (href === null) return html`<span class="url">${url}</span>`;
  return html`<a class="url" href="${href}" rel="noopener noreferrer">${href}</a>`;
}

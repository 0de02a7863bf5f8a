import { describe, expect, it } from 'vitest';
import { escapeHtml, html, linkableUrl, urlText } from '../../../../server/core/report/escape';

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes an ampersand once, so entities in text stay visible as typed', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });
});

describe('html', () => {
  it('escapes interpolated text and keeps nested markup', () => {
    const name = '<script>alert(1)</script>';
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${'"><img src=x onerror=alert(1)>'}">${inner}</p>`.toString()).toBe(
      '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">' +
        '<b>&lt;script&gt;alert(1)&lt;/script&gt;</b></p>',
    );
  });

  it('joins lists and drops null, undefined and booleans', () => {
    expect(html`${['a', html`<i>b</i>`, null, undefined, false, 3]}`.toString()).toBe('a<i>b</i>3');
  });

  it('does not treat a look-alike object as markup', () => {
    const forged = { toString: () => '<script>' } as unknown as string;
    expect(html`${forged}`.toString()).toBe('&lt;script&gt;');
  });
});

describe('linkableUrl and urlText', () => {
  it('links only http(s) URLs, normalised', () => {
    expect(linkableUrl('https://acme.example/pricing?a=1&b=2')).toBe('https://acme.example/pricing?a=1&b=2');
    expect(linkableUrl('javascript:alert(1)')).toBeNull();
    expect(linkableUrl(' JavaScript:alert(1)')).toBeNull();
    expect(linkableUrl('data:text/html,<script>')).toBeNull();
    expect(linkableUrl('https://user:pass@acme.example/')).toBeNull();
    expect(linkableUrl('not a url')).toBeNull();
  });

  it('shows a URL that cannot be linked as text only', () => {
    expect(urlText('javascript:alert(1)').toString()).toBe('<span class="url">javascript:alert(1)</span>');
  });

  it('escapes a linked URL in the href and in the text', () => {
    const out = urlText('https://acme.example/?q="><script>').toString();
    expect(out).not.toContain('<script');
    expect(out).toContain('href="https://acme.example/?q=%22%3E%3Cscript%3E"');
  });
});

import { describe, expect, it } from 'vitest';
import { elementsUnder, MAX_PAGE_TEXT, parseHtml } from '../../../../server/core/ingestion/html-document';

describe('parsing a page', () => {
  it('keeps only visible text, with whitespace collapsed and blocks kept apart', () => {
    const doc = parseHtml(
      `<html><head><title> Acme  </title><style>p{}</style></head><body>
        <h1>Hello</h1><p>one<b>two</b>
        three</p><script>var x = "secret";</script><noscript>Enable JS</noscript><svg><text>chart</text></svg>
        <div hidden>hidden words</div><div style="display: none">also hidden</div><input type="submit" value="Send">
        <template>later</template><p>a&nbsp;b &amp; c</p></body></html>`,
      'https://acme.test/',
    );
    expect(doc.text).toBe('Hello onetwo three Send a b & c');
    expect(doc.title).toBe('Acme');
  });

  it('keeps side-by-side links apart as words, but a price split over spans whole', () => {
    const doc = parseHtml(
      '<body><nav><a>Docs</a><a>Pricing</a></nav><p><span>$</span><span>15</span><span>/mo</span></p><p><b>Pro</b><span>$29</span><i>.</i></p></body>',
      'https://acme.test/',
    );
    expect(doc.text).toBe('Docs Pricing $15/mo Pro $29.');
  });

  it("gives each element's text as a substring of the page's text", () => {
    const doc = parseHtml(
      '<body><ul><li> Fast <em>delivery</em> </li><li>Logs\n\n kept</li></ul><p>$<span>9</span>/mo</p><div><a>One</a><a>Two</a><span><b>x</b><b>y</b></span></div></body>',
      'https://acme.test/',
    );
    for (const element of elementsUnder(doc.body!)) expect(doc.text).toContain(doc.textOf(element));
  });

  it('survives markup nested tens of thousands deep, reading what is not buried', () => {
    const html = `<html><head><title>Deep</title></head><body><p>Intro</p>${'<div><b>'.repeat(20_000)}buried</body></html>`;
    const doc = parseHtml(html, 'https://acme.test/');
    expect(doc.title).toBe('Deep');
    expect(doc.text.startsWith('Intro')).toBe(true);
    expect(doc.text).not.toContain('buried');
  });

  it('caps the text at 20,000 characters', () => {
    const doc = parseHtml(`<body>${'<p>word '.repeat(5000)}</body>`, 'https://acme.test/');
    expect(doc.text.length).toBeLessThanOrEqual(MAX_PAGE_TEXT);
    expect(doc.text.length).toBeGreaterThan(MAX_PAGE_TEXT - 200);
  });

  it('resolves links against the page or its <base>, dropping mail, phone and script links', () => {
    const doc = parseHtml(
      `<head><base href="https://acme.test/en/"></head><body><a href="pricing">Pricing</a><a href="/docs">Docs</a>
       <a href="mailto:a@acme.test">Mail</a><a href="tel:1">Call</a><a href="javascript:void(0)">JS</a><a href="#top">Top</a>
       <a href="https://other.test/x"><img alt="Partner"></a></body>`,
      'https://acme.test/en/index.html',
    );
    expect(doc.links).toEqual([
      { url: 'https://acme.test/en/pricing', text: 'Pricing' },
      { url: 'https://acme.test/docs', text: 'Docs' },
      { url: 'https://other.test/x', text: 'Partner' },
    ]);
  });

  it('reads the meta description and notices JSON-LD', () => {
    const doc = parseHtml(
      '<head><meta name="Description" content="  Email  API "><script type="application/ld+json">{"@type":"Organization"}</script></head><body></body>',
      'https://acme.test/',
    );
    expect(doc.description).toBe('Email API');
    expect(doc.hasJsonLd).toBe(true);
  });

  it('tells site navigation and footers from the content, even inside cards', () => {
    const doc = parseHtml(
      '<body><nav><a id="n">Pricing</a></nav><footer><p id="f">©</p></footer><article><header><h3 id="h">Pro</h3></header></article></body>',
      'https://acme.test/',
    );
    const byId = (id: string) => elementsUnder(doc.body!).find((element) => element.attribs?.id === id)!;
    expect(doc.inChrome(byId('n'))).toBe(true);
    expect(doc.inChrome(byId('f'))).toBe(true);
    expect(doc.inChrome(byId('h'))).toBe(false);
  });
});

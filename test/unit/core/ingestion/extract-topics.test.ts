import { describe, expect, it } from 'vitest';
import type { Page, PageKind, Pricing } from '../../../../server/contracts';
import { emptyProfile } from '../../../../server/contracts';
import { extractApi, sdkLanguagesIn } from '../../../../server/core/ingestion/extract-api';
import { extractDocumentation } from '../../../../server/core/ingestion/extract-documentation';
import { extractFeatures } from '../../../../server/core/ingestion/extract-features';
import { extractSignup } from '../../../../server/core/ingestion/extract-signup';
import { parseHtml } from '../../../../server/core/ingestion/html-document';
import type { ReadPage } from '../../../../server/core/ingestion/read-page';

function read(kind: PageKind, path: string, body: string): ReadPage {
  const url = `https://vendor.test${path}`;
  const html = parseHtml(`<!doctype html><html><head><title>${kind}</title></head><body>${body}</body></html>`, url);
  const page: Page = {
    url, final_url: url, kind, http_status: 200, content_type: 'text/html', title: html.title, bytes: 0, duration_ms: 0,
    redirects: [], truncated: false, text: html.text,
  };
  return { page, html };
}

const NO_PRICES: Pricing = emptyProfile('v', 'https://vendor.test/').pricing;

describe('documentation', () => {
  it('scores found, quickstart, code, reference and pages read', () => {
    const pages = [
      read('docs', '/docs/', '<h1>Docs</h1><a href="/docs/reference">API reference</a><input type="search" placeholder="Search">'),
      read('docs', '/docs/getting-started', '<h1>Getting started</h1><pre><code class="lang-py">pip install vendor</code></pre>'),
    ];
    const docs = extractDocumentation(pages);
    expect(docs).toMatchObject({
      found: true,
      docs_url: 'https://vendor.test/docs/',
      pages: 2,
      has_quickstart: true,
      has_code_samples: true,
      has_api_reference: true,
      has_search: true,
      quality_score: 25 + 20 + 20 + 20 + 10,
    });
    expect(docs.code_languages).toEqual(['python']);
  });

  it('counts a docs link that could not be read as found, and nothing more', () => {
    const docs = extractDocumentation([read('home', '/', '<nav><a href="https://docs.vendor.test/">Documentation</a></nav>')]);
    expect(docs).toMatchObject({ found: true, docs_url: 'https://docs.vendor.test/', pages: 0, quality_score: 25 });
  });

  it('does not take inline code words for code samples', () => {
    const docs = extractDocumentation([read('docs', '/docs', '<p>Set <code>apiKey</code> first.</p>')]);
    expect(docs.has_code_samples).toBe(false);
  });
});

describe('API facts', () => {
  it('reads auth methods, base URL, limits, webhooks, sandbox and OpenAPI from the reference', () => {
    const api = extractApi([
      read(
        'api',
        '/docs/api',
        `<h1>API reference</h1><p>Base URL: https://api.vendor.test/v2/</p><p>Authenticate with OAuth 2.0 or HTTP Basic auth.</p>
         <pre>curl https://api.vendor.test/v2/messages -H "X-API-Key: k"</pre>
         <p>We allow 10 requests per second.</p><p>Use the sandbox to test.</p><a href="/specs/openapi.yaml">spec</a>`,
      ),
      read('home', '/', '<p>Real-time webhooks.</p>'),
    ]);
    expect(api).toMatchObject({
      has_api: true,
      reference_url: 'https://vendor.test/docs/api',
      openapi_url: 'https://vendor.test/specs/openapi.yaml',
      base_url: 'https://api.vendor.test/v2',
      rate_limits_documented: true,
      webhooks: true,
      sandbox: true,
    });
    expect(api.auth_methods.sort()).toEqual(['api_key', 'basic', 'oauth']);
  });

  it.each([
    ['npm install @acme/sdk', ['javascript']],
    ['pip install acme && gem install acme', ['python', 'ruby']],
    ['go get github.com/acme/acme-go', ['go']],
    ['Official SDKs for Node.js, Python and PHP', ['javascript', 'python', 'php']],
    ['Use our Ruby library or the Java client', ['ruby', 'java']],
    ['We love Python.', []],
  ])('finds SDK languages in "%s"', (text, languages) => {
    expect(sdkLanguagesIn(text).sort()).toEqual([...languages].sort());
  });

  it('says there is no API when nothing mentions one', () => {
    const api = extractApi([read('home', '/', '<h1>Bakery</h1><p>Fresh bread daily.</p>')]);
    expect(api).toMatchObject({ has_api: false, reference_url: null, auth_methods: [], sdks: [], evidence: [] });
  });
});

describe('signup and buying', () => {
  it('finds a self-serve form and card checkout, not a sales gate', () => {
    const signup = extractSignup(
      [
        read('home', '/', '<a href="/register">Create an account</a><a href="/demo">Book a demo</a>'),
        read('signup', '/register', '<form><input type="email" name="email"><input type="password" name="pw"><button>Go</button></form>'),
        read('pricing', '/pricing', '<p>Buy now with any credit card.</p>'),
      ],
      NO_PRICES,
    );
    expect(signup).toMatchObject({ self_serve: true, signup_url: 'https://vendor.test/register', checkout: true, sales_gate: false });
  });

  it('does not read "no credit card required" as checkout', () => {
    const signup = extractSignup([read('home', '/', '<a href="/signup">Sign up</a><p>No credit card required.</p>')], NO_PRICES);
    expect(signup).toMatchObject({ self_serve: true, checkout: false });
  });

  it('treats a waitlist as no self-serve signup and a demo as the way to buy', () => {
    const signup = extractSignup(
      [
        read('home', '/', '<a href="/signup">Get started</a><a href="/demo">Request a demo</a>'),
        read('signup', '/signup', '<h1>Join the waitlist</h1><form><input type="email" name="email"></form>'),
      ],
      NO_PRICES,
    );
    expect(signup).toMatchObject({ self_serve: false, signup_url: null, checkout: false, sales_gate: true });
  });
});

describe('features', () => {
  it('keeps short feature lines and drops menus, CTAs, questions and prices', () => {
    const features = extractFeatures([
      read(
        'home',
        '/',
        `<nav><ul><li><a href="/a">Product</a></li></ul></nav>
         <ul><li>Fast delivery</li><li><a href="/b">Docs</a></li><li>Sign up</li><li>$9/mo</li><li>Logs kept for 30 days</li></ul>
         <h3>Is it secure?</h3><h3>Audit trails</h3><footer><ul><li>Careers at Vendor</li></ul></footer>`,
      ),
    ]);
    expect(features.map((feature) => feature.text)).toEqual(['Fast delivery', 'Logs kept for 30 days', 'Audit trails']);
  });
});

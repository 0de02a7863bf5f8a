import { describe, expect, it } from 'vitest';
import { candidatePages, classifyLink } from '../../../../server/core/ingestion/link-kinds';
import { isSameSite, pageKey, registrableHost } from '../../../../server/core/ingestion/site-scope';

const kindOf = (url: string, text = '') => classifyLink(new URL(url), text)?.kind ?? null;

describe('classifying links', () => {
  it.each([
    ['https://acme.com/pricing', '', 'pricing'],
    ['https://acme.com/plans', 'See plans', 'pricing'],
    ['https://acme.com/docs/', '', 'docs'],
    ['https://docs.acme.com/', 'Documentation', 'docs'],
    ['https://acme.com/developers', '', 'docs'],
    ['https://acme.com/docs/api-reference', '', 'api'],
    ['https://acme.com/reference', 'API reference', 'api'],
    ['https://acme.com/guide/intro', 'API docs', 'api'],
    ['https://acme.com/signup', '', 'signup'],
    ['https://acme.com/users/new', 'Create an account', 'signup'],
    ['https://acme.com/start', 'Start free trial', 'signup'],
    ['https://acme.com/features', '', 'features'],
    ['https://acme.com/x', 'Pricing', 'pricing'],
  ])('%s "%s" is %s', (url, text, kind) => {
    expect(kindOf(url, text)).toBe(kind);
  });

  it.each([
    ['https://acme.com/login', 'Log in'],
    ['https://acme.com/blog/new-pricing', 'Our new pricing'],
    ['https://acme.com/demo', 'Get started'],
    ['https://acme.com/contact-sales', 'Sign up for a demo'],
    ['https://acme.com/brochure.pdf', 'Pricing sheet'],
    ['https://api.acme.com/v1', 'API'],
    ['https://acme.com/careers', 'Jobs'],
  ])('%s "%s" is not read', (url, text) => {
    expect(kindOf(url, text)).toBeNull();
  });

  it('keeps same-site pages, one per address, best first', () => {
    const site = new URL('https://www.acme.com/');
    const pages = candidatePages(
      [
        { url: 'https://www.acme.com/pricing#plans', text: 'Pricing' },
        { url: 'https://www.acme.com/pricing/?utm_source=nav', text: '' },
        { url: 'https://docs.acme.com/quickstart', text: 'Quickstart' },
        { url: 'https://other.com/pricing', text: 'Pricing' },
      ],
      site,
    );
    expect(pages.map((page) => [page.url, page.kind])).toEqual([
      ['https://docs.acme.com/quickstart', 'docs'],
      ['https://www.acme.com/pricing', 'pricing'],
    ]);
  });
});

describe('site scope', () => {
  it('groups a company\'s hosts under the name it registered', () => {
    expect(registrableHost(new URL('https://docs.acme.com/'))).toBe('acme.com');
    expect(registrableHost(new URL('https://www.acme.co.uk/'))).toBe('acme.co.uk');
    expect(isSameSite(new URL('https://app.acme.com'), new URL('https://www.acme.com'))).toBe(true);
    expect(isSameSite(new URL('https://acme.com'), new URL('https://acme.io'))).toBe(false);
  });

  it('treats local addresses as separate sites per port', () => {
    expect(isSameSite(new URL('http://127.0.0.1:4000/'), new URL('http://127.0.0.1:4001/'))).toBe(false);
    expect(isSameSite(new URL('http://localhost:4000/a'), new URL('http://localhost:4000/b'))).toBe(true);
  });

  it('gives one key per page', () => {
    expect(pageKey(new URL('https://Acme.com/docs/#intro'))).toBe(pageKey(new URL('https://acme.com/docs?utm_medium=x')));
  });
});

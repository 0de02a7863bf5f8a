import type { Evidence, Pricing, Signup } from '../../contracts';
import { evidenceOfPassage, uniqueEvidence } from './evidence';
import { elementsUnder } from './html-document';
import { classifyLink } from './link-kinds';
import { firstEvidence } from './passages';
import { pagesOfKind, type ReadPage } from './read-page';
import { parseWebUrl } from './site-scope';

/** How an account is opened and a plan bought: alone online, or through sales. */

const NOT_SELF_SERVE = /\b(join the wait ?list|request (early )?access|apply for (early )?access|invite[- ]only|we'?ll be in touch|our team will (contact|reach out to) you|by invitation)\b/i;
const CHECKOUT =
  /(?<!\b(no|without( a)?|not need( a)?|needs? no)\s)\b(credit card|debit card|card details|pay (now|by card|with card|online)|checkout|check out securely|buy now|add to cart|purchase (now|online|a plan)|upgrade (now|to|anytime|at any time|your plan|in the dashboard)|start (your |a )?subscription|subscribe (now|today|to)|add (a )?payment method|billing details|payment details|secure payment|powered by stripe|pay monthly|pay annually)\b/i;
const CHECKOUT_HREF = /\/(checkout|buy|subscribe|purchase|cart|billing\/upgrade|upgrade)(\/|$|\?)/i;
const CHECKOUT_HOST = /(^|\.)(checkout\.stripe\.com|buy\.stripe\.com|paddle\.com|lemonsqueezy\.com|chargebee\.com|gumroad\.com|fastspring\.com|paypal\.com)$/i;
const SALES_CTA =
  /\b(book a (demo|call|meeting)|request a (demo|quote|trial|call)|schedule a (demo|call)|contact (our )?sales|talk to (our )?sales|talk to an? (expert|specialist)|get a (custom )?quote|request pricing|speak (to|with) (sales|our (sales )?team|an? expert)|get a demo)\b/i;

export function extractSignup(pages: readonly ReadPage[], pricing: Pricing): Signup {
  const signupPages = pagesOfKind(pages, 'signup');
  const buyingPages = [...pagesOfKind(pages, 'pricing'), ...signupPages, ...pagesOfKind(pages, 'home')];
  const gated = firstEvidence(signupPages, NOT_SELF_SERVE);
  const form = gated ? null : signupForm(signupPages);
  const link = signupLink(pages);
  const selfServe = !gated && (form !== null || link !== null);
  const checkoutEvidence = firstEvidence(buyingPages, CHECKOUT) ?? checkoutLink(pages) ?? cardForm(signupPages);
  const salesEvidence = firstEvidence(buyingPages, SALES_CTA, { includeChrome: true });
  const paidPublished = pricing.plans.some((plan) => plan.price !== null && plan.price > 0);
  const salesGate = salesEvidence !== null && checkoutEvidence === null && !(selfServe && paidPublished);
  return {
    self_serve: selfServe,
    signup_url: selfServe ? (form?.url ?? link?.url ?? null) : null,
    checkout: checkoutEvidence !== null,
    sales_gate: salesGate,
    evidence: uniqueEvidence(
      [selfServe ? (form?.evidence ?? link?.evidence ?? null) : gated, checkoutEvidence, salesGate ? salesEvidence : null] satisfies (Evidence | null)[],
    ),
  };
}

interface Found {
  url: string;
  evidence: Evidence | null;
}

/** A signup page with a form asking for an email or a password. */
function signupForm(signupPages: readonly ReadPage[]): Found | null {
  for (const read of signupPages) {
    const html = read.html;
    if (!html?.body) continue;
    const form = elementsUnder(html.body).find(
      (element) =>
        element.name === 'form' &&
        elementsUnder(element).some((field) => field.name === 'input' && /email|password/i.test(`${field.attribs?.type ?? ''} ${field.attribs?.name ?? ''}`)),
    );
    if (!form) continue;
    return { url: read.page.final_url, evidence: evidenceOfPassage(read.page, html.textOf(form)) };
  }
  return null;
}

function signupLink(pages: readonly ReadPage[]): Found | null {
  for (const read of pages) {
    for (const link of read.html?.links ?? []) {
      const url = parseWebUrl(link.url);
      if (!url || classifyLink(url, link.text)?.kind !== 'signup' || link.text === '') continue;
      const evidence = evidenceOfPassage(read.page, link.text);
      if (evidence) return { url: link.url, evidence };
    }
  }
  return null;
}

function checkoutLink(pages: readonly ReadPage[]): Evidence | null {
  for (const read of pages) {
    for (const link of read.html?.links ?? []) {
      const url = parseWebUrl(link.url);
      if (!url || !(CHECKOUT_HREF.test(url.pathname) || CHECKOUT_HOST.test(url.hostname)) || link.text === '') continue;
      const evidence = evidenceOfPassage(read.page, link.text);
      if (evidence) return evidence;
    }
  }
  return null;
}

/** Card fields on the signup form: the plan is paid for on the spot. */
function cardForm(signupPages: readonly ReadPage[]): Evidence | null {
  for (const read of signupPages) {
    const html = read.html;
    if (!html?.body) continue;
    const field = elementsUnder(html.body).find(
      (element) => element.name === 'input' && /^cc-|card/i.test(`${element.attribs?.autocomplete ?? ''} ${element.attribs?.name ?? ''}`.trim()),
    );
    if (!field) continue;
    const label = elementsUnder(html.body).find((element) => element.name === 'label' && /card/i.test(html.textOf(element)));
    const evidence = label ? evidenceOfPassage(read.page, html.textOf(label)) : null;
    if (evidence) return evidence;
  }
  return null;
}

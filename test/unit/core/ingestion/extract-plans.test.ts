import { describe, expect, it } from 'vitest';
import type { Page, Plan } from '../../../../server/contracts';
import { extractPlans } from '../../../../server/core/ingestion/extract-plans';
import { parseHtml } from '../../../../server/core/ingestion/html-document';

const URL_ = 'https://vendor.test/pricing';

function plansOf(body: string): { plans: Plan[]; text: string } {
  const doc = parseHtml(`<!doctype html><html><body>${body}</body></html>`, URL_);
  const page: Page = {
    url: URL_, final_url: URL_, kind: 'pricing', http_status: 200, content_type: 'text/html', title: '', bytes: 0,
    duration_ms: 0, redirects: [], truncated: false, text: doc.text,
  };
  return { plans: extractPlans(doc, page, { contactPlans: true }), text: doc.text };
}

function summary(plans: Plan[]): string[] {
  return plans.map((plan) => {
    const price = plan.contact_sales ? 'contact' : plan.is_free ? 'free' : `${plan.price} ${plan.currency} ${plan.period}`;
    return `${plan.name}: ${price}`;
  });
}

describe('reading plans from pricing markup', () => {
  it.each([
    [
      'cards with the amount, currency and period in separate elements',
      `<div class="card"><h3>Starter</h3><p><span class="currency">$</span><span class="amount">15</span></p><p>per month</p></div>
       <div class="card"><h3>Growth</h3><p class="price">$49/mo</p><p>Then $0.80 per 1,000 extra emails.</p></div>`,
      ['Starter: 15 USD month', 'Growth: 49 USD month'],
    ],
    [
      'headings followed by prices in one flat section',
      `<section><h2>Plans</h2><h3>Starter</h3><p>From €9 per month</p><h3>Business</h3><p>€49/mo billed annually</p><h3>Scale</h3><p>Let's talk</p></section>`,
      ['Starter: 9 EUR month', 'Business: 49 EUR month', 'Scale: contact'],
    ],
    [
      'a comparison table with plans as columns',
      `<table><thead><tr><th></th><th>Hobby</th><th>Team</th><th>Corp</th></tr></thead>
       <tbody><tr><td>Price</td><td>Free forever</td><td>US$20 per user/month</td><td>Contact us</td></tr></tbody></table>`,
      ['Hobby: free', 'Team: 20 USD month', 'Corp: contact'],
    ],
    [
      'a table with plans as rows',
      `<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$1,299.00/yr</td></tr><tr><td>Premium</td><td>$2,499.00/yr</td></tr></table>`,
      ['Basic: 1299 USD year', 'Premium: 2499 USD year'],
    ],
    [
      'one plan per line',
      `<ul><li>Starter — $9/mo</li><li>Growth: $49 per month</li><li>Pay as you go: $0.50 per 1,000 emails</li></ul>`,
      ['Starter: 9 USD month', 'Growth: 49 USD month', 'Pay as you go: 0.5 USD usage'],
    ],
    [
      'a definition list',
      `<dl><dt>Pro</dt><dd>$29/month</dd><dt>Team</dt><dd>$99/month</dd></dl>`,
      ['Pro: 29 USD month', 'Team: 99 USD month'],
    ],
    [
      'a price shown above the plan name',
      `<div class="col"><p class="big">$12<small>/mo</small></p><h3>Personal</h3></div><div class="col"><p class="big">$30<small>/mo</small></p><h3>Business</h3></div>`,
      ['Personal: 12 USD month', 'Business: 30 USD month'],
    ],
    [
      'names in styled divs rather than headings',
      `<div class="pricing-card"><div class="tier-name">Hobby</div><div class="cost">$5</div><div>per month</div></div>
       <div class="pricing-card"><div class="tier-name">Studio</div><div class="cost">$25</div><div>per month</div></div>`,
      ['Hobby: 5 USD month', 'Studio: 25 USD month'],
    ],
    [
      'a one-time licence and a usage-priced plan',
      `<section><h2>Desktop licence</h2><p>$499 one-time payment</p></section><section><h2>Cloud</h2><p>$0.02 per hour</p></section>`,
      ['Desktop licence: 499 USD one_time', 'Cloud: 0.02 USD usage'],
    ],
    [
      'European formats with the currency after the amount',
      `<div class="plan"><h3>Basis</h3><p>9,99 € / Monat</p></div><div class="plan"><h3>Kanzlei</h3><p>1.299,00 € per year</p></div>`,
      ['Basis: 9.99 EUR month', 'Kanzlei: 1299 EUR year'],
    ],
  ])('%s', (_layout, body, expected) => {
    const { plans, text } = plansOf(body);
    expect(summary(plans)).toEqual(expected);
    for (const plan of plans) {
      expect(text).toContain(plan.evidence.quote);
      expect(plan.evidence.source_url).toBe(URL_);
    }
  });

  it('prefers the monthly price when a card shows monthly and yearly', () => {
    const { plans } = plansOf(`<div class="plan"><p class="plan-name">Team</p><p class="plan-desc">For small teams</p>
      <p>$290/yr billed annually</p><p>$24/mo billed monthly</p><p>Save $48 per year</p></div>`);
    expect(summary(plans)).toEqual(['Team: 24 USD month']);
  });

  it('ignores prices in FAQs, discounts, hidden blocks, navigation and plain sentences', () => {
    const { plans } = plansOf(`<header><nav><a href="/contact">Contact sales</a></nav></header>
      <main><p>Plans start at $9/month.</p><p>Our Pro plan costs $29 per month and includes everything.</p>
      <div class="card"><h3>Pro</h3><p>$20/mo</p><p hidden>$200/yr</p><p>Save $40 with yearly billing</p></div>
      <section class="faq"><h3>What if I send more?</h3><p>Extra emails are $1 per 1,000.</p></section></main>`);
    expect(summary(plans)).toEqual(['Pro: 20 USD month']);
  });

  it('quotes a short card whole, so the quote shows what the plan includes', () => {
    const { plans } = plansOf(`<div class="card"><h3>Growth</h3><p>$49/mo</p><ul><li>100,000 emails</li></ul></div>
      <div class="card"><h3>Scale</h3><p>$99/mo</p></div>`);
    expect(plans[0]?.evidence.quote).toBe('Growth $49/mo 100,000 emails');
  });
});

import { describe, expect, it } from 'vitest';
import { findPrices, isContactLabel, isFreeLabel, isSideAmount, parseAmount } from '../../../../server/core/ingestion/price-text';

describe('reading prices from text', () => {
  it.each([
    ['$1,299.00/yr', 1299, 'USD', 'year'],
    ['From €9', 9, 'EUR', 'unknown'],
    ['US$20 per user/month', 20, 'USD', 'month'],
    ['$29 /mo billed annually', 29, 'USD', 'month'],
    ['$290 billed annually', 290, 'USD', 'year'],
    ['$1 per 1,000 emails', 1, 'USD', 'usage'],
    ['$0.0004 per email', 0.0004, 'USD', 'usage'],
    ['USD 49 monthly', 49, 'USD', 'month'],
    ['49 USD/month', 49, 'USD', 'month'],
    ['$15/user/mo', 15, 'USD', 'month'],
    ['£12 per seat per month', 12, 'GBP', 'month'],
    ['$499 one-time', 499, 'USD', 'one_time'],
    ['Monthly: $29', 29, 'USD', 'month'],
    ['CA$25/mo', 25, 'CAD', 'month'],
    ['9,99 € / Monat', 9.99, 'EUR', 'month'],
    ['1.299,00 € per year', 1299, 'EUR', 'year'],
    ['A$40 a month', 40, 'AUD', 'month'],
    ['CHF 30 per month', 30, 'CHF', 'month'],
    ['₹999/month', 999, 'INR', 'month'],
    ['$2 per 10,000 requests', 2, 'USD', 'usage'],
  ] as const)('%s → %s %s per %s', (text, amount, currency, period) => {
    const [first] = findPrices(text);
    expect(first).toMatchObject({ amount, currency, period });
  });

  it('finds nothing in numbers without a currency', () => {
    expect(findPrices('Up to 10,000 emails and 99.9% uptime, since 2019')).toEqual([]);
  });

  it('finds every price in a line, each with its own period', () => {
    const prices = findPrices('$24/mo billed monthly or $240/yr billed annually');
    expect(prices.map((price) => [price.amount, price.period])).toEqual([
      [24, 'month'],
      [240, 'year'],
    ]);
  });

  it('tells discounts and credits from plan prices', () => {
    for (const text of ['Save $120 per year', 'Get $50 in credits', '$10 off your first month']) {
      const [price] = findPrices(text);
      expect(price && isSideAmount(text, price), text).toBe(true);
    }
    const [plain] = findPrices('Pro $29/mo');
    expect(plain && isSideAmount('Pro $29/mo', plain)).toBe(false);
  });

  it('reads grouped and decimal numbers the way each locale writes them', () => {
    expect(parseAmount('1,000')).toBe(1000);
    expect(parseAmount('1.000.000')).toBe(1_000_000);
    expect(parseAmount('0,50')).toBe(0.5);
    expect(parseAmount('12.5')).toBe(12.5);
  });

  it('knows price-slot labels for free and for talking to sales', () => {
    expect(['Free', 'Free forever', '$0', 'Always free'].every(isFreeLabel)).toBe(true);
    expect(['Free trial', '14-day free trial', 'Free SSL'].some(isFreeLabel)).toBe(false);
    expect(['Custom', 'Contact sales', "Let's talk", 'Request a quote'].every(isContactLabel)).toBe(true);
    expect(['Custom domains', 'Contact sales to learn about our enterprise features'].some(isContactLabel)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { implicitNeeds, parseBudget, requirementTerms, scenarioNeeds, stem, taskWords } from '../../../server/core/scenario';

describe('parseBudget', () => {
  it.each([
    ['Find an email API under $50 a month', { amount: 50, currency: 'USD', period: 'month' }],
    ['We can spend less than 100 USD/mo on this', { amount: 100, currency: 'USD', period: 'month' }],
    ['A CRM for €30 per month', { amount: 30, currency: 'EUR', period: 'month' }],
    ['Analytics tool, max $500/year', { amount: 500, currency: 'USD', period: 'year' }],
    ['We have a budget of $1,000', { amount: 1000, currency: 'USD', period: 'one_time' }],
    ['Something below £20 monthly', { amount: 20, currency: 'GBP', period: 'month' }],
    ['Up to $49.99 per month', { amount: 49.99, currency: 'USD', period: 'month' }],
    ['no more than 2k EUR annually', { amount: 2000, currency: 'EUR', period: 'year' }],
    ['Budget: USD 300 per year', { amount: 300, currency: 'USD', period: 'year' }],
    ['at most 40 dollars a month', { amount: 40, currency: 'USD', period: 'month' }],
    ['our monthly budget is $75', { amount: 75, currency: 'USD', period: 'month' }],
    ['under 25€ / month', { amount: 25, currency: 'EUR', period: 'month' }],
    ['$200 one-time for a license', { amount: 200, currency: 'USD', period: 'one_time' }],
  ])('reads %j', (task, budget) => {
    expect(parseBudget(task)).toEqual(budget);
  });

  it('prefers the stated limit to other amounts in the task', () => {
    expect(parseBudget('We send $10,000 of invoices a day and want an API under $50 a month')).toEqual({
      amount: 50,
      currency: 'USD',
      period: 'month',
    });
  });

  it.each([
    'Find a transactional email API for our SaaS',
    'Send 10,000 emails a month',
    'Support 50 users per month',
    '',
  ])('finds no budget in %j', (task) => {
    expect(parseBudget(task)).toBeNull();
  });
});

describe('requirementTerms', () => {
  it('drops stop words and framing words and stems the rest', () => {
    expect(requirementTerms('Must support webhooks for delivery events')).toEqual(['webhook', 'delivery', 'event']);
    expect(requirementTerms('E-mail templates')).toEqual(['email', stem('templates')]);
  });

  it('keeps framing words when they are all the requirement says', () => {
    expect(requirementTerms('24/7 support')).toEqual(['24', '7', 'support']);
  });

  it('meets word forms at the same stem', () => {
    expect(stem('templates')).toBe(stem('templating'));
    expect(stem('template')).toBe(stem('templates'));
    expect(stem('APIs'.toLowerCase())).toBe('api');
    expect(stem('webhooks')).toBe('webhook');
    expect(stem('shipping')).toBe(stem('ship'));
    expect(stem('policies')).toBe('policy');
    expect(stem('analysis')).toBe('analysis');
  });
});

describe('implicit needs', () => {
  it('takes the category words and the words the task puts right before them', () => {
    expect(implicitNeeds('Find a transactional email API for our SaaS, under $50 a month', 'email_api')).toEqual([
      'email',
      'api',
      'transactional',
    ]);
  });

  it('falls back to the task words when the category says nothing', () => {
    expect(implicitNeeds('Invoice scanning with OCR for receipts', 'other')).toEqual(['invoice', 'scanning', 'ocr']);
  });

  it('are used only when the scenario lists no requirements', () => {
    const base = { task: 'An email API', category: 'email_api' };
    expect(scenarioNeeds({ ...base, requirements: ['SMTP relay'] })).toEqual({ needs: ['SMTP relay'], implicit: false });
    expect(scenarioNeeds({ ...base, requirements: [] })).toEqual({ needs: ['email', 'api'], implicit: true });
  });

  it('leave money and buyer words out of the task words', () => {
    expect(taskWords('We need the best CRM tool under $30 per month')).toEqual(['crm']);
  });
});

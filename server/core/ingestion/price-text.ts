import type { Plan } from '../../contracts';

/** Reading prices out of text: "$1,299.00/yr", "From €9", "US$20 per user/month", "9,99 € / Monat". */

export type PricePeriod = Plan['period'];

export interface PriceMention {
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  period: PricePeriod;
  /** Position of the amount with its currency in the text searched. */
  index: number;
  length: number;
}

const SYMBOLS: Record<string, string> = {
  'US$': 'USD', $: 'USD', 'CA$': 'CAD', C$: 'CAD', 'AU$': 'AUD', A$: 'AUD', 'NZ$': 'NZD', R$: 'BRL', S$: 'SGD',
  'HK$': 'HKD', 'MX$': 'MXN', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', zł: 'PLN', kr: 'SEK',
};
const CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'INR', 'CHF', 'BRL', 'SEK', 'NOK', 'DKK', 'PLN', 'MXN', 'SGD', 'HKD', 'ZAR'];

const SYMBOL_PATTERN = 'US\\$|CA\\$|AU\\$|NZ\\$|HK\\$|MX\\$|C\\$|A\\$|R\\$|S\\$|\\$|€|£|¥|₹|₩';
const CODE_PATTERN = CODES.join('|');
// Four or more decimals first (usage prices such as $0.0004), then thousands groups, then plain.
const NUMBER = '\\d+[.,]\\d{4,6}|\\d{1,3}(?:[,.]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const PRICE = new RegExp(
  `(?<![\\w$€£¥₹])(?:(?<pre>${SYMBOL_PATTERN}|(?:${CODE_PATTERN})(?![A-Za-z]))\\s?(?<preNum>${NUMBER})(?![\\d%])` +
    `|(?<postNum>${NUMBER})\\s?(?<post>€|£|\\$|zł|kr\\b|(?:${CODE_PATTERN})(?![A-Za-z])))`,
  'g',
);
const NOT_A_PLAN_PRICE_BEFORE = /\b(save|saving|savings|discount|off|credits?|worth|valued? at|was|bonus|up to|over|more than|refund|fee of|spend)\s*$/i;
const NOT_A_PLAN_PRICE_AFTER = /^\s*(off\b|in (free )?credits?|credits?\b|discount|savings?|back\b|value\b|%)/i;

/** Every price in a text, with the billing period written next to it. */
export function findPrices(text: string): PriceMention[] {
  const found: PriceMention[] = [];
  for (const match of text.matchAll(PRICE)) {
    const groups = match.groups ?? {};
    const symbol = groups.pre ?? groups.post ?? '';
    const raw = groups.preNum ?? groups.postNum ?? '';
    const amount = parseAmount(raw);
    const currency = SYMBOLS[symbol] ?? (CODES.includes(symbol) ? symbol : null);
    if (amount === null || currency === null) continue;
    const index = match.index;
    const end = index + match[0].length;
    found.push({ amount, currency, period: periodAround(text, index, end), index, length: match[0].length });
  }
  return found;
}

/** A price that is a discount, a credit or a ceiling, not what a plan costs. */
export function isSideAmount(text: string, mention: PriceMention): boolean {
  const before = text.slice(Math.max(0, mention.index - 30), mention.index);
  const after = text.slice(mention.index + mention.length, mention.index + mention.length + 30);
  return NOT_A_PLAN_PRICE_BEFORE.test(before) || NOT_A_PLAN_PRICE_AFTER.test(after);
}

/** "1,299.00" → 1299, "9,99" → 9.99, "1.299,00" → 1299, "1,000" → 1000. */
export function parseAmount(raw: string): number | null {
  const cleaned = raw.replace(/\s/g, '');
  const lastComma = cleaned.lastIndexOf(',');
  const lastDot = cleaned.lastIndexOf('.');
  let normalized: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    normalized = cleaned.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const parts = cleaned.split(separator);
    const tail = parts[parts.length - 1] ?? '';
    const grouped = parts.length > 2 || (tail.length === 3 && parts[0] !== '0');
    normalized = grouped ? parts.join('') : parts.join('.');
  } else {
    normalized = cleaned;
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

const PER = '(?:\\/|per|a|an|each|every|for each|for every|\\bx\\b)?\\s*';
const UNIT_SEATS = '(?:(?:user|seat|member|editor|agent|licen[cs]e|person|head|domain|project|site|workspace)s?\\s*(?:\\/|per|a|each)?\\s*)?';
const MONTH_AFTER = new RegExp(`^\\s*(?:\\(|,)?\\s*${PER}${UNIT_SEATS}(?:mo|mon|mos|month|mth|monthly|monat|mois|mes|mese|maand)\\b`, 'i');
const YEAR_AFTER = new RegExp(`^\\s*(?:\\(|,)?\\s*${PER}${UNIT_SEATS}(?:yr|yrs|year|annum|annual|annually|yearly|jahr|año|anno|jaar)\\b`, 'i');
const ONE_TIME_AFTER = /^\s*(?:\(|,|-|–)?\s*(?:one[- ]?time|once|lifetime|one[- ]off|single payment|pay once|flat fee)/i;
const USAGE_AFTER =
  /^\s*(?:\/|per|for|every|each|a|an)\s*(?:\d[\d,.]*\s*k?\s*|thousand\s+|million\s+|additional\s+|extra\s+|1k\s+)?(?:e-?mails?|messages?|requests?|(?:api )?calls?|credits?|units?|events?|gb|mb|tb|contacts?|sends?|tokens?|minutes?|sms|texts?|verifications?|recipients?|subscribers?|transactions?|lookups?|records?|hours?|executions?|runs?|builds?|queries|query|page ?views?|visits?|sessions?)\b/i;
const MONTH_NEAR = /\b(monthly|per month|a month|each month|every month|billed month(ly)?|month-to-month)\b|\/\s*mo\b/i;
const YEAR_NEAR = /\b(annually|yearly|per year|a year|each year|every year|billed (annually|yearly)|per annum)\b|\/\s*yr\b/i;
const MONTH_BEFORE = /\b(monthly|per month|month)\s*[:\-–]?\s*(from|starting at)?\s*$/i;
const YEAR_BEFORE = /\b(annual(ly)?|yearly|per year|year)\s*[:\-–]?\s*(from|starting at)?\s*$/i;

/** The billing period written right after (or just before) a price. */
export function periodAround(text: string, start: number, end: number): PricePeriod {
  const after = text.slice(end, end + 80);
  if (MONTH_AFTER.test(after)) return 'month';
  if (YEAR_AFTER.test(after)) return 'year';
  if (USAGE_AFTER.test(after)) return 'usage';
  if (ONE_TIME_AFTER.test(after)) return 'one_time';
  const before = text.slice(Math.max(0, start - 30), start);
  if (MONTH_BEFORE.test(before)) return 'month';
  if (YEAR_BEFORE.test(before)) return 'year';
  // Near, but before any next price: "$29 — billed monthly", "$290 billed annually".
  const nearEnd = after.search(/\d/);
  const near = nearEnd >= 0 ? after.slice(0, nearEnd) : after;
  if (MONTH_NEAR.test(near)) return 'month';
  if (YEAR_NEAR.test(near)) return 'year';
  return 'unknown';
}

const FREE_LABEL = /^(?:free|free forever|forever free|always free|free plan|free tier|free for (?:life|ever)|free of charge|no cost|gratis|\$?0)(?:\s*(?:\/|per)\s*(?:mo|month|yr|year))?[.!]?$/i;
const CONTACT_LABEL =
  /^(?:custom|custom pricing|custom quote|custom plan|contact us|contact sales|contact our sales team|let'?s talk|talk to (?:sales|us)|get a quote|request (?:a )?(?:quote|pricing)|call us|on request|price on request|quote[- ]based|tailored pricing|bespoke pricing|contact for pricing|ask for a quote)[.!]?$/i;
/** Words that send a buyer to sales for a price. */
export const CONTACT_PHRASE =
  /\b(contact (?:our )?sales|talk to (?:our )?sales|talk to an? (?:expert|specialist)|speak (?:to|with) (?:sales|our (?:sales )?team|an? expert)|request (?:a |an )?(?:quote|pricing|demo|proposal)|get a (?:custom )?quote|custom pricing|contact us for (?:pricing|a quote|details|a demo)|book a (?:demo|call|meeting)|schedule a (?:demo|call)|let'?s talk|pricing (?:is )?available on request)\b/i;

/** An element that is only a free price ("Free", "Free forever", "$0"). */
export function isFreeLabel(text: string): boolean {
  return FREE_LABEL.test(text.trim());
}

/** An element that stands where a price would and asks to talk instead ("Custom", "Contact sales"). */
export function isContactLabel(text: string): boolean {
  return CONTACT_LABEL.test(text.trim());
}

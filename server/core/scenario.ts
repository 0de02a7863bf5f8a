import type { Budget } from '../contracts';

/**
 * What a buying task asks for, read from its words: the spending limit, and the
 * terms a vendor's text must contain to show it covers a requirement.
 */

// ---------------------------------------------------------------- budget

const SYMBOL_CURRENCIES: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
];
const CODE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'INR', 'SEK', 'NOK', 'DKK'];
const WORD_CURRENCIES: Record<string, string> = {
  dollar: 'USD',
  dollars: 'USD',
  usd: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SYMBOL = SYMBOL_CURRENCIES.map(([symbol]) => escapeRegExp(symbol)).join('|');
const CODE = CODE_CURRENCIES.join('|');
const WORD = Object.keys(WORD_CURRENCIES).join('|');
// 1,000 / 1000 / 49.99 / 2.5k
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const MONEY = new RegExp(
  String.raw`(?:(?<symbol>${SYMBOL})\s?|\b(?<codeBefore>${CODE})\s?)(?<amount>${NUMBER})(?<thousands>k\b)?` +
    String.raw`|(?<amountAfter>${NUMBER})(?<thousandsAfter>k\b)?\s?(?:(?<codeAfter>${CODE})\b|(?<word>${WORD})\b|(?<symbolAfter>€|£))`,
  'gi',
);
const LIMIT_WORDS = /\b(under|below|less than|at most|up to|no more than|max(?:imum)?|budget|within|cap(?:ped)?|not exceed)\b|</i;

const MONTHLY = /^\s*(?:\/\s*mo(?:nth)?\b|(?:a|per|each|every|\/)\s*month\b|monthly\b|(?:a|per)\s*mo\b|pm\b|p\/m\b)/i;
const YEARLY = /^\s*(?:\/\s*y(?:ea)?r\b|(?:a|per|each|every)\s*(?:year|annum)\b|yearly\b|annually\b|(?:a|per)\s*yr\b|pa\b|p\/a\b)/i;
const ONE_TIME = /^\s*(?:one[- ]time\b|once\b|in total\b|total\b|upfront\b)/i;
const PERIOD_BEFORE = /\b(monthly|annual|yearly|one[- ]time)\s+(?:budget|spend|limit|cap)\b[^$€£\d]{0,20}$/i;

/**
 * The spending limit a task states, or null when it states none. A stated
 * limit ("under $50 a month") wins over any other amount; without a period
 * ("budget of $1,000") the amount is taken as one payment (`one_time`).
 */
export function parseBudget(task: string): Budget | null {
  const amounts = [...task.matchAll(MONEY)];
  if (amounts.length === 0) return null;
  const limited = amounts.find((match) => LIMIT_WORDS.test(task.slice(Math.max(0, match.index - 24), match.index)));
  const match = limited ?? amounts[0]!;
  const groups = match.groups ?? {};
  const digits = (groups.amount ?? groups.amountAfter ?? '').replace(/,/g, '');
  const amount = Number(digits) * (groups.thousands || groups.thousandsAfter ? 1000 : 1);
  if (!Number.isFinite(amount) || amount <= 0) return null;

  return { amount, currency: currencyOf(groups), period: periodAround(task, match.index, match.index + match[0].length) };
}

function currencyOf(groups: Record<string, string | undefined>): string {
  const symbol = groups.symbol ?? groups.symbolAfter;
  if (symbol) return SYMBOL_CURRENCIES.find(([known]) => known.toLowerCase() === symbol.toLowerCase())?.[1] ?? 'USD';
  const code = groups.codeBefore ?? groups.codeAfter;
  if (code) return code.toUpperCase();
  return WORD_CURRENCIES[(groups.word ?? '').toLowerCase()] ?? 'USD';
}

function periodAround(task: string, start: number, end: number): Budget['period'] {
  const after = task.slice(end, end + 32).replace(new RegExp(String.raw`^\s*(?:${CODE})\b`, 'i'), '');
  if (MONTHLY.test(after)) return 'month';
  if (YEARLY.test(after)) return 'year';
  if (ONE_TIME.test(after)) return 'one_time';
  const before = PERIOD_BEFORE.exec(task.slice(Math.max(0, start - 48), start))?.[1]?.toLowerCase();
  if (before === 'monthly') return 'month';
  if (before === 'annual' || before === 'yearly') return 'year';
  return 'one_time';
}

/** "50 USD per month", "1000 USD one-time". */
export function formatBudget(budget: Budget): string {
  const period = budget.period === 'one_time' ? 'in total' : `per ${budget.period}`;
  return `${formatAmount(budget.amount)} ${budget.currency} ${period}`;
}

export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

// ---------------------------------------------------------------- terms

const STOP_WORDS = new Set(
  `a an the and or but nor of to in on at by for from with without into onto over under as is are be been being was were
  it its this that these those there their them they we our us you your i my me he she his her who whom which what when
  where why how all any both each few more most other some such no not only own same so than too very can will just do
  does did doing has have had having would could should may might must shall also via per etc e g ie eg able`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of a buying task that say who buys or how, not what is bought. */
const BUYER_WORDS = new Set(
  `need needs want wants looking look find choose pick select buy purchase get use using best good great cheap cheaper
  affordable reliable simple easy tool tools service services product products solution solutions platform platforms
  vendor vendors provider providers company companies team teams startup startups business businesses saas app apps
  application applications month monthly year yearly annual annually budget less max maximum below within spend
  dollar dollars euro euros pound pounds usd eur gbp something someone our new`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that frame a requirement rather than name it ("must support SSO"). */
const REQUIREMENT_FILLER = new Set(['support', 'supports', 'supported', 'provide', 'provides', 'offer', 'offers', 'allow', 'allows', 'ability', 'require', 'required', 'requires', 'need', 'needs', 'include', 'includes', 'including', 'have', 'has']);

/** Lower-cased words of a text; "e-mail" and "E-Mail" read as "email". */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\be-mail/g, 'email')
    .split(/[^a-z0-9+#]+/)
    .filter((token) => token.length > 0);
}

/**
 * A light suffix stemmer: both sides of every comparison go through it, so
 * "templates", "templating" and "template" meet at "templat".
 */
export function stem(word: string): string {
  let stemmed = word;
  if (stemmed.length > 4 && stemmed.endsWith('ies')) stemmed = `${stemmed.slice(0, -3)}y`;
  else if (stemmed.endsWith('sses')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 4 && /(?:s|x|z|ch|sh)es$/.test(stemmed)) stemmed = stemmed.slice(0, -2);
  else if (stemmed.length > 3 && stemmed.endsWith('s') && !/(?:ss|us|sis)$/.test(stemmed)) stemmed = stemmed.slice(0, -1);

  if (stemmed.length > 5 && stemmed.endsWith('ing')) stemmed = stemmed.slice(0, -3);
  else if (stemmed.length > 4 && stemmed.endsWith('ed')) stemmed = stemmed.slice(0, -2);

  if (/([b-df-hj-np-tv-z])\1$/.test(stemmed) && !stemmed.endsWith('ss') && !stemmed.endsWith('ll')) stemmed = stemmed.slice(0, -1);
  if (stemmed.length > 3 && stemmed.endsWith('e')) stemmed = stemmed.slice(0, -1);
  return stemmed;
}

/** Stems of the words of a text that are not stop words, in order, with repeats. */
export function textStems(text: string): string[] {
  return tokenize(text)
    .filter((token) => !STOP_WORDS.has(token))
    .map(stem);
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/**
 * The stems a vendor's text must contain to cover a requirement: its words
 * less stop words and framing words ("must support webhooks" → ["webhook"]).
 * When nothing but framing words and numbers is left ("24/7 support"), they are kept.
 */
export function requirementTerms(requirement: string): string[] {
  const words = tokenize(requirement).filter((token) => !STOP_WORDS.has(token));
  const named = words.filter((token) => !REQUIREMENT_FILLER.has(token));
  const namesSomething = named.some((token) => /[a-z]/.test(token));
  return unique((namesSomething ? named : words).map(stem));
}

/** Significant words of the category label: "email_api" → ["email", "api"]. */
export function categoryWords(category: string): string[] {
  return unique(tokenize(category).filter((token) => !STOP_WORDS.has(token) && !BUYER_WORDS.has(token)));
}

/** The task's words without its money amounts, stop words or buyer words, in order. */
export function taskWords(task: string): string[] {
  const withoutMoney = task.replace(MONEY, ' ');
  return unique(tokenize(withoutMoney).filter((token) => !STOP_WORDS.has(token) && !BUYER_WORDS.has(token) && !/^\d+$/.test(token)));
}

const MAX_IMPLICIT_NEEDS = 5;

/**
 * What a buyer needs when the scenario lists no requirements: each word of the
 * category, plus each word the task puts right before one of them ("a
 * transactional email API" → "transactional"); the task's first words when the
 * category says nothing.
 */
export function implicitNeeds(task: string, category: string): string[] {
  const categoryTerms = categoryWords(category);
  const categoryStems = new Set(categoryTerms.map(stem));
  const words = tokenize(task.replace(MONEY, ' '));
  const modifiers: string[] = [];
  words.forEach((word, index) => {
    const next = words[index + 1];
    if (next === undefined || !categoryStems.has(stem(next))) return;
    if (STOP_WORDS.has(word) || BUYER_WORDS.has(word) || categoryStems.has(stem(word)) || /^\d+$/.test(word)) return;
    modifiers.push(word);
  });
  const needs = unique([...categoryTerms, ...modifiers]);
  if (needs.length === 0) return taskWords(task).slice(0, 3);
  return needs.slice(0, MAX_IMPLICIT_NEEDS);
}

/** The requirements a vendor is held to: the scenario's own, or the needs its task and category imply. */
export function scenarioNeeds(scenario: { task: string; category: string; requirements: string[] }): {
  needs: string[];
  implicit: boolean;
} {
  if (scenario.requirements.length > 0) return { needs: [...scenario.requirements], implicit: false };
  return { needs: implicitNeeds(scenario.task, scenario.category), implicit: true };
}

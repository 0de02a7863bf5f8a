import type { Evidence } from '../../contracts';
import { categoryWords, implicitNeeds, textStems } from '../scenario';
import { competitorNote, listed, plural, quoted } from './context';
import type { AgentVendor } from '../ports';
import type { AuditContext, StageCheck } from './types';

/** Would an agent shopping for this task find the site, read it, and see that it is relevant? */

const siteReadable: StageCheck = {
  code: 'site_readable',
  stage: 'consideration',
  title: 'Site reachable and readable',
  points: 3,
  cause: 'site_partly_unreadable',
  evaluate({ profile }) {
    const read = profile.pages.filter((page) => page.http_status < 400 && page.text.length > 0);
    // Hitting the page bound is a limit of the crawl, not a page an agent failed to read.
    const failures = profile.problems.filter((problem) => problem.kind !== 'page_limit');
    if (failures.length === 0 && read.length > 0) {
      return { earned: 1, observation: `${plural(read.length, 'page')} read from ${profile.website_url}.`, evidence: [] };
    }
    const failed = failures.slice(0, 3).map((problem) => `${problem.url} (${problem.detail})`);
    return {
      earned: read.length > 0 ? 0.6 : 0.2,
      observation: `${plural(read.length, 'page')} read; ${plural(failures.length, 'page')} could not be read.`,
      evidence: [],
      issue:
        failed.length > 0
          ? `Agents could not read part of the site: ${listed(failed)}.`
          : `No page of ${profile.website_url} had readable text.`,
      fix: 'Serve these pages as plain HTML with a 200 status to automated visitors, without logins, bot walls or very large bodies.',
    };
  },
};

const SITE_TEXT_WEIGHT = 1;
const PAGE_TEXT_WEIGHT = 0.6;

const taskRelevance: StageCheck = {
  code: 'task_relevance',
  stage: 'consideration',
  title: 'Relevant to the task and category',
  points: 3,
  cause: 'not_relevant_to_task',
  evaluate(ctx) {
    const { profile } = ctx;
    const terms = ctx.relevanceTerms;
    if (terms.length === 0) return { earned: 1, observation: 'The task names no category words to look for.', evidence: [] };
    const upfront = new Set(textStems([profile.site.title, profile.site.description, ...profile.features.map((f) => f.text)].join(' ')));
    const anywhere = new Set(textStems(profile.pages.map((page) => page.text).join(' ')));
    const front = terms.filter((term) => upfront.has(term));
    const deep = terms.filter((term) => !upfront.has(term) && anywhere.has(term));
    const absent = terms.filter((term) => !upfront.has(term) && !anywhere.has(term));
    const earned = (front.length * SITE_TEXT_WEIGHT + deep.length * PAGE_TEXT_WEIGHT) / terms.length;
    const observation = `Of the task's words ${quoted(terms)}: ${front.length} in the title, description or feature list, ${deep.length} only deeper in page text, ${absent.length} nowhere.`;
    if (earned >= 1) return { earned: 1, observation, evidence: homeEvidence(ctx) };
    const missing = [...deep, ...absent];
    const saysAll = (vendor: AgentVendor) => {
      const said = new Set(textStems(`${vendor.profile.site.title} ${vendor.profile.site.description}`));
      return missing.every((term) => said.has(term));
    };
    return {
      earned,
      observation,
      evidence: homeEvidence(ctx),
      issue:
        `The home page (${profile.website_url}) title, description and feature list do not mention ${quoted(missing)}` +
        (absent.length > 0 ? `; ${quoted(absent)} appear nowhere on the site` : '') +
        competitorNote(ctx, saysAll, 'says so in its home page title or description') +
        '.',
      fix: `Say in the home page title or meta description that ${ctx.vendor.name} is ${withArticle(offering(ctx))}, in those words.`,
    };
  },
};

const MIN_DESCRIPTION = 20;

const clearPositioning: StageCheck = {
  code: 'clear_positioning',
  stage: 'consideration',
  title: 'Clear positioning (title and description)',
  points: 2,
  cause: 'positioning_unclear',
  evaluate(ctx) {
    const { title, description } = ctx.profile.site;
    const saysWhat = ctx.relevanceTerms.some((term) => textStems(`${title} ${description}`).includes(term));
    const length = description.trim().length;
    const earned = (title.trim() ? 0.3 : 0) + (length >= MIN_DESCRIPTION ? 0.3 : length > 0 ? 0.15 : 0) + (saysWhat ? 0.4 : 0);
    const observation = `Title ${title ? `"${title}"` : 'missing'}; description ${description ? `"${description}"` : 'missing'}.`;
    if (earned >= 1) return { earned: 1, observation, evidence: homeEvidence(ctx) };
    const gaps: string[] = [];
    if (!title.trim()) gaps.push('has no title');
    if (length === 0) gaps.push('has no meta description');
    else if (length < MIN_DESCRIPTION) gaps.push(`has a description of only ${length} characters`);
    if (!saysWhat) gaps.push(`does not say it is ${withArticle(offering(ctx))} in its title or description`);
    return {
      earned,
      observation,
      evidence: homeEvidence(ctx),
      issue: `The home page (${ctx.profile.website_url}) ${listed(gaps)}.`,
      fix: `Give the home page a title naming the product and a one-sentence meta description, for example "${ctx.vendor.name} is ${withArticle(offering(ctx))} for ...".`,
    };
  },
};

const aiAgentsAllowed: StageCheck = {
  code: 'ai_agents_allowed',
  stage: 'consideration',
  title: 'AI agents not blocked by robots.txt',
  points: 1,
  cause: 'ai_agents_blocked',
  evaluate(ctx) {
    const blocked = ctx.profile.site.ai_agents_blocked;
    const robotsUrl = new URL('/robots.txt', ctx.profile.website_url).toString();
    if (blocked.length === 0) {
      return { earned: 1, observation: ctx.profile.site.robots_txt ? 'robots.txt lets AI agents in.' : 'No robots.txt; nothing blocks AI agents.', evidence: [] };
    }
    return {
      earned: 0,
      observation: `robots.txt blocks ${listed(blocked)}.`,
      evidence: robotsEvidence(ctx, blocked),
      issue: `${robotsUrl} disallows the whole site to ${listed(blocked)}, so agents built on them skip ${ctx.vendor.name}.`,
      fix: `Remove the Disallow: / rules for ${listed(blocked)} from ${robotsUrl}.`,
    };
  },
};

const machineReadable: StageCheck = {
  code: 'machine_readable',
  stage: 'consideration',
  title: 'Machine-readable signals (llms.txt, structured data, sitemap)',
  points: 1,
  cause: 'machine_readable_signals_missing',
  evaluate(ctx) {
    const { site } = ctx.profile;
    const signals = [
      { name: 'an llms.txt', present: site.llms_txt, weight: 0.4 },
      { name: 'JSON-LD structured data on the home page', present: site.structured_data, weight: 0.3 },
      { name: 'a sitemap', present: site.sitemap, weight: 0.3 },
    ];
    const earned = signals.reduce((sum, signal) => sum + (signal.present ? signal.weight : 0), 0);
    const missing = signals.filter((signal) => !signal.present).map((signal) => signal.name);
    const observation = missing.length === 0 ? 'llms.txt, structured data and a sitemap are all present.' : `Missing: ${listed(missing)}.`;
    if (missing.length === 0) return { earned: 1, observation, evidence: [] };
    return {
      earned,
      observation,
      evidence: [],
      issue:
        `${ctx.profile.website_url} has no ${listed(missing.map((name) => name.replace(/^an? /, '')))}` +
        competitorNote(ctx, (vendor) => vendor.profile.site.llms_txt && !site.llms_txt, 'publishes an llms.txt') +
        '.',
      fix: `Publish ${listed(missing)} so agents can read what ${ctx.vendor.name} offers without parsing the layout.`,
    };
  },
};

/** "transactional email api": the task's words for what is bought. */
export function offering(ctx: AuditContext): string {
  const category = categoryWords(ctx.scenario.category);
  if (category.length === 0) return 'product for this task';
  const modifiers = implicitNeeds(ctx.scenario.task, ctx.scenario.category).filter((word) => !category.includes(word));
  return [...modifiers, ...category].join(' ');
}

/** "a transactional email api", "an email api". */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function homeEvidence(ctx: AuditContext): Evidence[] {
  const home = ctx.profile.pages.find((page) => page.kind === 'home');
  if (!home) return [];
  const quote = ctx.profile.site.description && home.text.includes(ctx.profile.site.description) ? ctx.profile.site.description : home.text.slice(0, 200);
  return quote ? [{ source_url: home.url, quote }] : [];
}

function robotsEvidence(ctx: AuditContext, blocked: string[]): Evidence[] {
  const robots = ctx.profile.pages.find((page) => page.kind === 'robots');
  const agent = blocked[0];
  if (!robots || !agent) return [];
  const at = robots.text.indexOf(agent);
  return at >= 0 ? [{ source_url: robots.url, quote: robots.text.slice(at, at + 80) }] : [];
}

export const CONSIDERATION_CHECKS: readonly StageCheck[] = [siteReadable, taskRelevance, clearPositioning, aiAgentsAllowed, machineReadable];


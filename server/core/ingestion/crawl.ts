import pLimit from 'p-limit';
import type { IngestionProblem, Page, PageKind } from '../../contracts';
import type { PageFetcher } from '../ports';
import { BoundedFetch } from './bounded-fetch';
import type { IngestionLimits } from './limits';
import { candidatePages, PROBE_PATHS, WANTED_KINDS, type CandidatePage, type WantedKind } from './link-kinds';
import {
  failureProblem,
  formatSeconds,
  httpErrorProblem,
  isHtml,
  isReadable,
  mediaType,
  notHtmlProblem,
  readAnswer,
  robotsProblem,
  statusText,
  tooLargeProblem,
} from './page-record';
import type { ReadPage } from './read-page';
import { looksLikeRobotsTxt, NO_ROBOTS, parseRobots, type RobotsRules } from './robots';
import { pageKey, parseWebUrl } from './site-scope';

/**
 * Reading a vendor's website: robots.txt first, then the home page, then in
 * waves the pages it links that matter to a buyer (pricing, docs, API,
 * signup, features), trying the usual addresses for kinds it does not link.
 */

export interface CrawlResult {
  /** Why the home page could not be read, or null when it was. */
  homeFailure: string | null;
  /** Pages with readable content, the home page first. */
  reads: ReadPage[];
  /** Every page that answered, error pages included, in the order read. */
  records: Page[];
  problems: IngestionProblem[];
  robots: RobotsRules;
  llmsTxt: boolean;
  sitemap: boolean;
}

/** Pages of each kind worth reading; documentation gains from several. */
const QUOTA: Record<WantedKind, number> = { pricing: 1, docs: 4, api: 2, signup: 1, features: 1 };
const MAX_WAVES = 3;
const SITE_FILE_BYTES = 512_000;

interface Target {
  url: string;
  kind: PageKind;
  /** A guessed address: a miss is no problem and costs no page. */
  probe: boolean;
}

export async function crawlWebsite(
  fetcher: PageFetcher,
  limits: IngestionLimits,
  websiteUrl: string,
  signal?: AbortSignal,
): Promise<CrawlResult> {
  const crawl = new Crawl(fetcher, limits, signal);
  try {
    return await crawl.run(websiteUrl);
  } finally {
    crawl.dispose();
  }
}

class Crawl {
  private readonly bounded: BoundedFetch;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  private readonly attempted = new Set<string>();
  private readonly readKeys = new Set<string>();
  private readonly reads: ReadPage[] = [];
  private readonly records: Page[] = [];
  private readonly problems: IngestionProblem[] = [];
  private pagesUsed = 0;
  private homeText = '';

  constructor(
    fetcher: PageFetcher,
    private readonly limits: IngestionLimits,
    signal?: AbortSignal,
  ) {
    this.bounded = new BoundedFetch(fetcher, limits, signal);
    this.limit = pLimit(limits.concurrency);
  }

  dispose(): void {
    this.bounded.dispose();
  }

  async run(websiteUrl: string): Promise<CrawlResult> {
    const home = parseWebUrl(websiteUrl);
    if (!home) {
      this.problems.push({ url: websiteUrl, kind: 'invalid_url', detail: 'The website address is not an http or https URL' });
      return this.result(`The website address "${websiteUrl}" is not an http or https URL.`, NO_ROBOTS, false, false);
    }
    let robots = await this.robotsFor(home.origin);
    if (!robots.allows(home.href)) {
      this.problems.push(robotsProblem(home.href, this.limits));
      return this.result('robots.txt does not allow reading the home page.', robots, false, false);
    }
    const [homeRead, firstLlms] = await Promise.all([this.readHome(home.href), this.siteFile(new URL('/llms.txt', home).href, 'llms')]);
    if (typeof homeRead === 'string') return this.result(homeRead, robots, firstLlms, false);

    let llms = firstLlms;
    const site = parseWebUrl(homeRead.page.final_url) ?? home;
    if (site.origin !== home.origin) {
      // The home page moved (http → https, apex → www): the site's own files live there.
      robots = await this.robotsFor(site.origin);
      llms = llms || (await this.siteFile(new URL('/llms.txt', site).href, 'llms'));
    }
    const sitemap = this.hasSitemap(site, robots);
    await this.readLinkedPages(homeRead, site);
    return this.result(null, robots, llms, await sitemap);
  }

  private result(homeFailure: string | null, robots: RobotsRules, llmsTxt: boolean, sitemap: boolean): CrawlResult {
    return {
      homeFailure,
      reads: this.reads,
      records: this.records,
      problems: this.problems,
      robots,
      llmsTxt,
      sitemap,
    };
  }

  /** The home page as read, or a sentence saying why it could not be. */
  private async readHome(url: string): Promise<ReadPage | string> {
    this.attempted.add(pageKey(new URL(url)));
    this.pagesUsed++;
    const outcome = await this.limit(() => this.bounded.fetch(url, this.limits.maxPageBytes));
    if (!outcome.ok) {
      const problem = failureProblem(outcome, this.limits);
      this.problems.push(problem);
      if (outcome.kind === 'timeout') {
        return outcome.cutByDeadline
          ? `The website did not answer within the ${formatSeconds(this.limits.totalTimeMs)} limit.`
          : `The website did not answer within ${formatSeconds(this.limits.pageTimeoutMs)}.`;
      }
      if (outcome.kind === 'unreachable') return `The website could not be reached: ${problem.detail}.`;
      if (outcome.kind === 'redirect_limit') return `The home page could not be read: ${problem.detail}.`;
      return `The website address could not be read: ${problem.detail}.`;
    }
    const read = readAnswer(outcome, 'home');
    this.records.push(read.page);
    if (outcome.status >= 400) {
      this.problems.push(httpErrorProblem(read.page));
      return `The home page returned ${statusText(outcome.status)}.`;
    }
    if (!isReadable(outcome)) {
      this.problems.push(notHtmlProblem(read.page));
      return `The home page is ${mediaType(outcome.contentType)}, not HTML.`;
    }
    if (outcome.truncated) this.problems.push(tooLargeProblem(read.page, this.limits));
    this.readKeys.add(pageKey(new URL(outcome.finalUrl)));
    this.homeText = read.page.text;
    this.reads.push(read);
    return read;
  }

  private async readLinkedPages(home: ReadPage, site: URL): Promise<void> {
    const frontier = new Map<string, CandidatePage>();
    const addLinks = (read: ReadPage) => {
      for (const candidate of candidatePages(read.html?.links ?? [], site)) {
        if (!this.attempted.has(candidate.key) && !frontier.has(candidate.key)) frontier.set(candidate.key, candidate);
      }
    };
    addLinks(home);
    const got: Record<WantedKind, number> = { pricing: 0, docs: 0, api: 0, signup: 0, features: 0 };
    const probed = new Set<WantedKind>();
    for (let wave = 1; wave <= MAX_WAVES && !this.bounded.timeIsUp(); wave++) {
      const planned = this.planWave(frontier, got, wave);
      const probes = WANTED_KINDS.filter(
        (kind) =>
          got[kind] === 0 &&
          !probed.has(kind) &&
          !planned.some((candidate) => candidate.kind === kind) &&
          ![...frontier.values()].some((candidate) => candidate.kind === kind) &&
          (kind !== 'api' || wave > 1),
      );
      if (planned.length === 0 && probes.length === 0) break;
      for (const kind of probes) probed.add(kind);
      const before = this.reads.length;
      await Promise.all([
        ...planned.map(async (candidate) => {
          frontier.delete(candidate.key);
          const read = await this.readPage({ url: candidate.url, kind: candidate.kind, probe: false });
          if (read) got[candidate.kind]++;
        }),
        ...probes.map(async (kind) => {
          if (await this.probe(site, kind)) got[kind]++;
        }),
      ]);
      for (const read of this.reads.slice(before)) addLinks(read);
    }
    this.reportSkipped(frontier, got, site);
  }

  /** The best unread candidates of each kind still short of its quota, within the page budget. */
  private planWave(frontier: Map<string, CandidatePage>, got: Record<WantedKind, number>, wave: number): CandidatePage[] {
    const chosen: CandidatePage[] = [];
    for (const kind of WANTED_KINDS) {
      const room = (wave === 1 ? 1 : QUOTA[kind]) - got[kind];
      const best = [...frontier.values()].filter((candidate) => candidate.kind === kind).slice(0, Math.max(0, room));
      chosen.push(...best);
    }
    const budget = Math.max(0, this.limits.maxPages - this.pagesUsed);
    return chosen.sort((a, b) => b.score - a.score).slice(0, budget);
  }

  private async probe(site: URL, kind: WantedKind): Promise<boolean> {
    for (const path of PROBE_PATHS[kind]) {
      if (this.pagesUsed >= this.limits.maxPages || this.bounded.timeIsUp()) return false;
      if (await this.readPage({ url: new URL(path, site).href, kind, probe: true })) return true;
    }
    return false;
  }

  private reportSkipped(frontier: Map<string, CandidatePage>, got: Record<WantedKind, number>, site: URL): void {
    const wanted = [...frontier.values()].filter((candidate) => got[candidate.kind] < QUOTA[candidate.kind]);
    if (wanted.length === 0) return;
    const kinds = [...new Set(wanted.map((candidate) => candidate.kind))].join(', ');
    if (this.pagesUsed >= this.limits.maxPages) {
      this.problems.push({
        url: site.href,
        kind: 'page_limit',
        detail: `Stopped at the limit of ${this.limits.maxPages} pages; ${wanted.length} more linked ${wanted.length === 1 ? 'page' : 'pages'} (${kinds}) were not read`,
      });
    } else if (this.bounded.timeIsUp()) {
      this.problems.push({
        url: site.href,
        kind: 'timeout',
        detail: `The ${formatSeconds(this.limits.totalTimeMs)} limit for the whole website ran out; ${wanted.length} more linked ${wanted.length === 1 ? 'page' : 'pages'} (${kinds}) were not read`,
      });
    }
  }

  private async readPage(target: Target): Promise<ReadPage | null> {
    const url = parseWebUrl(target.url);
    if (!url) return null;
    const key = pageKey(url);
    if (this.attempted.has(key)) return null;
    this.attempted.add(key);
    const robots = await this.robotsFor(url.origin);
    if (!robots.allows(url.href)) {
      if (!target.probe) this.problems.push(robotsProblem(url.href, this.limits));
      return null;
    }
    if (this.pagesUsed >= this.limits.maxPages) return null;
    this.pagesUsed++;
    const outcome = await this.limit(() => this.bounded.fetch(url.href, this.limits.maxPageBytes));
    if (!outcome.ok) {
      if (target.probe) this.pagesUsed--;
      else this.problems.push(failureProblem(outcome, this.limits));
      return null;
    }
    const finalKey = pageKey(parseWebUrl(outcome.finalUrl) ?? url);
    if (target.probe && (outcome.status >= 400 || !isHtml(outcome) || this.readKeys.has(finalKey))) {
      this.pagesUsed--;
      return null;
    }
    if (this.readKeys.has(finalKey)) return null;
    const read = readAnswer(outcome, target.kind);
    if (target.probe && read.page.text === this.homeText) {
      this.pagesUsed--;
      return null;
    }
    this.records.push(read.page);
    if (outcome.status >= 400) {
      this.problems.push(httpErrorProblem(read.page));
      return null;
    }
    if (!isReadable(outcome)) {
      this.problems.push(notHtmlProblem(read.page));
      return null;
    }
    if (outcome.truncated) this.problems.push(tooLargeProblem(read.page, this.limits));
    this.readKeys.add(finalKey);
    this.reads.push(read);
    return read;
  }

  /** Awaited before taking a request slot, never inside one, so slots cannot all wait on robots.txt. */
  private robotsFor(origin: string): Promise<RobotsRules> {
    let rules = this.robotsByOrigin.get(origin);
    if (!rules) {
      rules = this.loadRobots(origin);
      this.robotsByOrigin.set(origin, rules);
    }
    return rules;
  }

  private async loadRobots(origin: string): Promise<RobotsRules> {
    const url = new URL('/robots.txt', origin).href;
    const outcome = await this.limit(() => this.bounded.fetch(url, SITE_FILE_BYTES));
    // No robots.txt, or one that cannot be read, forbids nothing.
    if (!outcome.ok || outcome.status !== 200 || !looksLikeRobotsTxt(outcome.body, outcome.contentType)) return NO_ROBOTS;
    this.records.push(readAnswer(outcome, 'robots').page);
    return parseRobots(outcome.finalUrl, outcome.body, this.limits.userAgent);
  }

  private async siteFile(url: string, kind: 'llms'): Promise<boolean> {
    const outcome = await this.limit(() => this.bounded.fetch(url, SITE_FILE_BYTES));
    if (!outcome.ok || outcome.status !== 200 || outcome.body.trim() === '' || /^\s*</.test(outcome.body)) return false;
    this.records.push(readAnswer(outcome, kind).page);
    return true;
  }

  private async hasSitemap(site: URL, robots: RobotsRules): Promise<boolean> {
    const declared = robots.sitemaps.map((entry) => parseWebUrl(entry)).find((entry) => entry !== null);
    if (declared && declared.origin !== site.origin) return true;
    const url = declared?.href ?? new URL('/sitemap.xml', site).href;
    const outcome = await this.limit(() => this.bounded.fetch(url, SITE_FILE_BYTES));
    return outcome.ok && outcome.status === 200 && /<(urlset|sitemapindex)\b|^\s*https?:\/\//i.test(outcome.body);
  }
}

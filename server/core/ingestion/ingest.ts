import { emptyProfile, type VendorProfile } from '../../contracts';
import type { PageFetcher } from '../ports';
import { crawlWebsite } from './crawl';
import { extractApi } from './extract-api';
import { extractDocumentation } from './extract-documentation';
import { extractFeatures } from './extract-features';
import { extractPricing } from './extract-pricing';
import { extractSignup } from './extract-signup';
import { resolveLimits, type IngestionLimits } from './limits';
import { pagesOfKind } from './read-page';
import { statusOf, summarize } from './summary';

export interface IngestionDeps {
  fetcher: PageFetcher;
  now: () => Date;
}

/**
 * Reads a vendor's website into a profile. Website problems (no answer,
 * errors, huge or non-HTML pages, robots.txt) end up in the profile's
 * `problems` and `status`, never as a thrown error; only the caller's abort
 * signal rejects. Bounded by `limits.totalTimeMs`.
 */
export async function ingestVendorWebsite(
  deps: IngestionDeps,
  target: { vendorId: string; websiteUrl: string },
  limits?: Partial<IngestionLimits>,
  signal?: AbortSignal,
): Promise<VendorProfile> {
  signal?.throwIfAborted();
  const started = performance.now();
  const settings = resolveLimits(limits);
  const crawl = await crawlWebsite(deps.fetcher, settings, target.websiteUrl, signal);
  const base = emptyProfile(target.vendorId, target.websiteUrl);
  const site = {
    ...base.site,
    robots_txt: crawl.robots.found,
    ai_agents_blocked: crawl.robots.blockedAgents(),
    llms_txt: crawl.llmsTxt,
    sitemap: crawl.sitemap,
  };
  const finished = () => ({
    ingested_at: deps.now().toISOString(),
    duration_ms: Math.round(performance.now() - started),
    pages: crawl.records,
    problems: crawl.problems,
  });
  if (crawl.homeFailure !== null) {
    return { ...base, ...finished(), status: 'unreachable', summary: crawl.homeFailure, site };
  }
  const reads = crawl.reads;
  const home = pagesOfKind(reads, 'home')[0];
  const pricing = extractPricing(reads);
  const topics = {
    pricing,
    features: extractFeatures(reads),
    documentation: extractDocumentation(reads),
    api: extractApi(reads),
    signup: extractSignup(reads, pricing),
  };
  const profile: VendorProfile = {
    ...base,
    ...finished(),
    status: statusOf(crawl.problems),
    site: {
      ...site,
      title: home?.page.title ?? '',
      description: home?.html?.description ?? '',
      structured_data: home?.html?.hasJsonLd ?? false,
    },
    ...topics,
  };
  return { ...profile, summary: summarize(profile) };
}

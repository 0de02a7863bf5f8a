import { afterEach, expect } from 'vitest';
import { createNodeFetcher } from '../../../../server/adapters/web/node-fetcher';
import type { Evidence, VendorProfile } from '../../../../server/contracts';
import { VendorProfileSchema } from '../../../../server/contracts';
import { ingestVendorWebsite, type IngestionLimits } from '../../../../server/core/ingestion';
import { startFixtureSite, type FixtureSite, type FixtureSiteOptions } from '../../../support/fixture-server';

export const INGESTED_AT = new Date('2025-03-01T12:00:00.000Z');

/** Starts fixture sites for one test and closes them after it. */
export function useFixtureSites(): (options: FixtureSiteOptions) => Promise<FixtureSite> {
  const open: FixtureSite[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((site) => site.close()));
  });
  return async (options) => {
    const site = await startFixtureSite(options);
    open.push(site);
    return site;
  };
}

export async function ingest(websiteUrl: string, limits?: Partial<IngestionLimits>, signal?: AbortSignal): Promise<VendorProfile> {
  const profile = await ingestVendorWebsite(
    { fetcher: createNodeFetcher(), now: () => INGESTED_AT },
    { vendorId: 'vendor-1', websiteUrl },
    limits,
    signal,
  );
  VendorProfileSchema.parse(profile);
  return profile;
}

export function allEvidence(profile: VendorProfile): Evidence[] {
  return [
    ...profile.pricing.plans.map((plan) => plan.evidence),
    ...profile.pricing.evidence,
    ...profile.features.map((feature) => feature.evidence),
    ...profile.documentation.evidence,
    ...profile.api.evidence,
    ...profile.signup.evidence,
  ];
}

/** What later code relies on: each quote is found, word for word, in the stored text of its page. */
export function expectVerifiableQuotes(profile: VendorProfile): void {
  for (const evidence of allEvidence(profile)) {
    const page = profile.pages.find((candidate) => candidate.final_url === evidence.source_url);
    expect(page, `a stored page for ${evidence.source_url}`).toBeDefined();
    expect(evidence.quote.length).toBeGreaterThan(0);
    expect(evidence.quote.length).toBeLessThanOrEqual(300);
    expect(page?.text.includes(evidence.quote), `"${evidence.quote}" on ${evidence.source_url}`).toBe(true);
  }
}

export function planNamed(profile: VendorProfile, name: string) {
  const plan = profile.pricing.plans.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`no plan named ${name}; plans: ${profile.pricing.plans.map((candidate) => candidate.name).join(', ')}`);
  return plan;
}

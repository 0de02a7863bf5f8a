import type { VendorProfile } from '../../contracts';
import type { ScenarioRecord } from '../domain';
import type { AgentVendor } from '../ports';
import { implicitNeeds, scenarioNeeds, stem } from '../scenario';
import { coverageOf } from './coverage';
import type { AuditContext } from './types';

export function createAuditContext(scenario: ScenarioRecord, vendor: AgentVendor, vendors: AgentVendor[]): AuditContext {
  const { needs, implicit } = scenarioNeeds(scenario);
  const field = vendors.some((other) => other.id === vendor.id) ? vendors : [vendor, ...vendors];
  return {
    scenario,
    needs,
    implicitNeeds: implicit,
    relevanceTerms: [...new Set(implicitNeeds(scenario.task, scenario.category).map(stem))],
    vendor,
    profile: vendor.profile,
    vendors: field,
    competitors: field.filter((other) => other.id !== vendor.id),
    coverageOf: (other) => coverageOf(other.profile, needs),
  };
}

/** The same evaluation with one vendor's profile replaced: how a fix is scored against the same field. */
export function withProfile(vendors: AgentVendor[], vendorId: string, profile: VendorProfile): AgentVendor[] {
  return vendors.map((vendor) => (vendor.id === vendorId ? { ...vendor, profile } : vendor));
}

/** A site that could not be read teaches an agent nothing, whatever its empty profile says. */
export function isUnreadable(profile: VendorProfile): boolean {
  return profile.status === 'unreachable' || profile.status === 'pending';
}

/** The first competitor (in evaluation order) that does what the vendor does not; readable sites only. */
export function competitorThat(ctx: AuditContext, does: (vendor: AgentVendor) => boolean): AgentVendor | undefined {
  return ctx.competitors.find((vendor) => !isUnreadable(vendor.profile) && does(vendor));
}

/** "; MailCrane does" when a competitor does it, else "". */
export function competitorNote(ctx: AuditContext, does: (vendor: AgentVendor) => boolean, what: string): string {
  const leader = competitorThat(ctx, does);
  return leader ? `; ${leader.name} ${what}` : '';
}

/** The page an agent would look at for a topic: the topic's own URL, else the home page. */
export function pageFor(profile: VendorProfile, url: string | null): string {
  return url ?? profile.website_url;
}

export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

export const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export const quoted = (items: string[]) => listed(items.map((item) => `"${item}"`));

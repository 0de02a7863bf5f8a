import { emptyProfile, type VendorProfile } from '../../contracts';
import type { VendorRecord } from '../domain';
import type { Logger, Store } from '../ports';

export type IngestWebsite = (
  target: { vendorId: string; websiteUrl: string },
  signal?: AbortSignal,
) => Promise<VendorProfile>;

/**
 * Keeps vendor profiles fresh: one ingestion per vendor at a time, a profile
 * reused while it is younger than maxAgeMs and was read successfully.
 */
export class VendorIngestion {
  private readonly inFlight = new Map<string, Promise<VendorProfile>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: {
      store: Store;
      ingestWebsite: IngestWebsite;
      now: () => Date;
      logger: Logger;
      maxAgeMs: number;
    },
  ) {}

  /** Starts ingesting in the background; errors are logged and stored as the profile. */
  startInBackground(vendor: VendorRecord): void {
    void this.ingest(vendor).catch(() => undefined);
  }

  isStale(profile: VendorProfile | null): boolean {
    if (!profile || profile.status === 'pending' || profile.status === 'unreachable' || !profile.ingested_at) return true;
    const age = this.deps.now().getTime() - Date.parse(profile.ingested_at);
    return !(age >= 0 && age < this.deps.maxAgeMs);
  }

  /** The stored profile when fresh; otherwise waits for a new ingestion. */
  async ensureFresh(vendor: VendorRecord, signal?: AbortSignal): Promise<VendorProfile> {
    const pending = this.inFlight.get(vendor.id);
    if (pending) return pending;
    const stored = this.deps.store.vendors.getProfile(vendor.id);
    if (stored && !this.isStale(stored)) return stored;
    return this.ingest(vendor, signal);
  }

  /** Waits for every ingestion under way (used in tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Abandons ingestions under way; nothing half-read is stored. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.settle();
  }

  private ingest(vendor: VendorRecord, signal?: AbortSignal): Promise<VendorProfile> {
    const existing = this.inFlight.get(vendor.id);
    if (existing) return existing;
    const combined = signal ? AbortSignal.any([signal, this.stopping.signal]) : this.stopping.signal;
    const work = (async () => {
      let profile: VendorProfile;
      try {
        profile = await this.deps.ingestWebsite({ vendorId: vendor.id, websiteUrl: vendor.website_url }, combined);
        combined.throwIfAborted();
      } catch (error) {
        if (combined.aborted) throw combined.reason;
        // Ingestion reports website problems in the profile; reaching here is a defect,
        // but the vendor still gets a profile that says what happened.
        const message = error instanceof Error ? error.message : String(error);
        this.deps.logger.error('ingestion failed', { vendor_id: vendor.id, error: message });
        profile = {
          ...emptyProfile(vendor.id, vendor.website_url),
          status: 'unreachable',
          summary: `The website could not be ingested: ${message}`,
          ingested_at: this.deps.now().toISOString(),
        };
      }
      if (this.deps.store.vendors.get(vendor.id)) this.deps.store.vendors.saveProfile(profile);
      return profile;
    })();
    this.inFlight.set(vendor.id, work);
    void work.finally(() => this.inFlight.delete(vendor.id)).catch(() => undefined);
    return work;
  }
}

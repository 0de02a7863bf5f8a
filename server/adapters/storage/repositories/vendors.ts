import { PROFILE_STATUSES, type VendorProfile } from '../../../contracts';
import type { VendorRecord } from '../../../core/domain';
import type { Store } from '../../../core/ports';
import { StorageError } from '../errors';
import { CATALOG, profileShard } from '../shard-names';
import { json, member, queryAll, queryOne, text, textOrNull, type SqlRow } from '../sql-engine';
import type { Databases } from './databases';

const COLUMNS = 'id, name, website_url, description, created_at, profile_status, profile_updated_at';

/** Vendors live in the catalog; each one's profile (pages' text included) in its own shard. */
export function vendorsRepository(dbs: Databases): Store['vendors'] {
  return {
    insert(vendor: VendorRecord): void {
      dbs.transaction(() =>
        dbs.mutate(CATALOG, `INSERT INTO vendors (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
          vendor.id,
          vendor.name,
          vendor.website_url,
          vendor.description,
          vendor.created_at,
          vendor.profile_status,
          vendor.profile_updated_at,
        ]),
      );
    },

    get(id: string): VendorRecord | null {
      const row = queryOne(dbs.catalog(), `SELECT ${COLUMNS} FROM vendors WHERE id = ?`, [id]);
      return row ? toVendor(row) : null;
    },

    list(): VendorRecord[] {
      return queryAll(dbs.catalog(), `SELECT ${COLUMNS} FROM vendors ORDER BY created_at DESC, rowid DESC`).map(toVendor);
    },

    saveProfile(profile: VendorProfile): void {
      dbs.transaction(() => {
        const updated = dbs.mutate(CATALOG, 'UPDATE vendors SET profile_status = ?, profile_updated_at = ? WHERE id = ?', [
          profile.status,
          profile.ingested_at,
          profile.vendor_id,
        ]);
        if (updated === 0) throw new StorageError(`cannot save the profile of vendor '${profile.vendor_id}': no such vendor`);
        dbs.mutate(
          profileShard(profile.vendor_id),
          `INSERT INTO profile (singleton, vendor_id, profile) VALUES (1, ?, ?)
           ON CONFLICT (singleton) DO UPDATE SET vendor_id = excluded.vendor_id, profile = excluded.profile`,
          [profile.vendor_id, JSON.stringify(profile)],
        );
      });
    },

    getProfile(vendorId: string): VendorProfile | null {
      const db = dbs.read(profileShard(vendorId));
      const row = db && queryOne(db, 'SELECT profile FROM profile WHERE singleton = 1');
      return row ? json<VendorProfile>(row, 'profile') : null;
    },
  };
}

function toVendor(row: SqlRow): VendorRecord {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    website_url: text(row, 'website_url'),
    description: text(row, 'description'),
    created_at: text(row, 'created_at'),
    profile_status: member(row, 'profile_status', PROFILE_STATUSES),
    profile_updated_at: textOrNull(row, 'profile_updated_at'),
  };
}

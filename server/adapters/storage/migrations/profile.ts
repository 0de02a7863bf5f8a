import type { Migration } from './migration';

/** One shard per vendor: its latest ingested profile, pages' text included. */
export const profileMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'vendor-profile',
    sql: `
CREATE TABLE profile (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  vendor_id TEXT NOT NULL,
  profile TEXT NOT NULL -- JSON VendorProfile
);
`,
  },
];

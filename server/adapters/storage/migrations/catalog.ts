import type { Migration } from './migration';

/**
 * The catalog: always open, so it holds only what lists and lookups need.
 * Runs, traces, results and profiles live in their own shards.
 * Lists are newest first: created_at, then insertion order (rowid) for ties.
 */
export const catalogMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'customers-vendors-scenarios-evaluations',
    sql: `
CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  website_url TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX customers_by_created_at ON customers (created_at);

CREATE TABLE vendors (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  website_url TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL,
  profile_status TEXT NOT NULL,
  profile_updated_at TEXT
);
CREATE INDEX vendors_by_created_at ON vendors (created_at);

CREATE TABLE scenarios (
  id TEXT PRIMARY KEY,
  task TEXT NOT NULL,
  category TEXT NOT NULL,
  requirements TEXT NOT NULL, -- JSON array of strings
  budget TEXT,                -- JSON Budget, or NULL
  created_at TEXT NOT NULL
);
CREATE INDEX scenarios_by_created_at ON scenarios (created_at);

CREATE TABLE evaluations (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  scenario_id TEXT NOT NULL,
  vendor_ids TEXT NOT NULL, -- JSON array of vendor ids, in evaluation order
  customer_vendor_id TEXT NOT NULL,
  models TEXT NOT NULL,     -- JSON array of model ids
  samples INTEGER,
  status TEXT NOT NULL,
  phase TEXT NOT NULL,
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  completed_at TEXT,
  total_runs INTEGER NOT NULL,
  completed_runs INTEGER NOT NULL,
  failed_runs INTEGER NOT NULL
);
CREATE INDEX evaluations_by_created_at ON evaluations (created_at);
CREATE INDEX evaluations_by_status ON evaluations (status, created_at);
`,
  },
  {
    version: 2,
    name: 'evaluation-spending-cap-and-spend',
    sql: `
ALTER TABLE evaluations ADD COLUMN max_cost_usd REAL;
ALTER TABLE evaluations ADD COLUMN input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE evaluations ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE evaluations ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0;
`,
  },
  {
    version: 3,
    name: 'evaluation-no-cache',
    sql: `
ALTER TABLE evaluations ADD COLUMN no_cache INTEGER NOT NULL DEFAULT 0;
`,
  },
];

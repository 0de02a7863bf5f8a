import type { Migration } from './migration';

/** One shard per evaluation: its run plan with full traces, the profiles it ran on, its results. */
export const evaluationMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'runs-profile-snapshots-results',
    sql: `
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  evaluation_id TEXT NOT NULL,
  seq INTEGER NOT NULL UNIQUE,
  model TEXT NOT NULL,
  vendor_id TEXT NOT NULL,
  vendor_name TEXT NOT NULL,
  stage TEXT NOT NULL,
  status TEXT NOT NULL,
  score REAL,
  error TEXT,
  duration_ms INTEGER,
  started_at TEXT,
  completed_at TEXT,
  samples TEXT NOT NULL, -- JSON array of TraceSample
  detail TEXT NOT NULL   -- JSON
);

CREATE TABLE profile_snapshots (
  position INTEGER PRIMARY KEY,
  vendor_id TEXT NOT NULL,
  profile TEXT NOT NULL -- JSON VendorProfile
);

CREATE TABLE results (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  results TEXT NOT NULL -- JSON EvaluationResults
);
`,
  },
  {
    version: 2,
    name: 'run-usage-and-cost',
    sql: `
ALTER TABLE runs ADD COLUMN input_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN cached_samples INTEGER NOT NULL DEFAULT 0;
`,
  },
];

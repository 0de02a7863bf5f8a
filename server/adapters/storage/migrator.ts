import { createHash } from 'node:crypto';
import { MigrationChangedError, StorageError } from './errors';
import type { Migration, Schema } from './migrations';
import { num, queryAll, text, type SqlDatabase } from './sql-engine';

export function migrationSha256(migration: Migration): string {
  return createHash('sha256').update(migration.sql, 'utf8').digest('hex');
}

const BOOTSTRAP = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * Refuses a database whose applied migrations differ from this version's
 * (changed text, or a migration this version does not know), then lists
 * the migrations still to apply.
 */
export function pendingMigrations(db: SqlDatabase, schema: Schema, file: string): Migration[] {
  assertNumbered(schema);
  db.run(BOOTSTRAP);
  const applied = queryAll(db, 'SELECT version, name, sha256 FROM schema_migrations ORDER BY version');
  for (const row of applied) {
    const version = num(row, 'version');
    const known = schema.migrations[version - 1];
    if (!known) {
      throw new StorageError(
        `${file} has migration ${version} (${text(row, 'name')}), which this version does not know: ` +
          'the data was written by a newer version of Vendor Evaluation. Update the app to open it.',
      );
    }
    const current = migrationSha256(known);
    if (text(row, 'sha256') !== current) {
      throw new MigrationChangedError(file, version, known.name, text(row, 'sha256'), current);
    }
  }
  return schema.migrations.slice(applied.length);
}

/** Applies migrations in one transaction: a database is at one version or the next, never between. */
export function applyMigrations(db: SqlDatabase, migrations: Migration[], file: string): void {
  if (migrations.length === 0) return;
  db.run('BEGIN');
  try {
    for (const migration of migrations) {
      db.exec(migration.sql);
      db.run('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)', [
        migration.version,
        migration.name,
        migrationSha256(migration),
        new Date().toISOString(),
      ]);
    }
    db.run('COMMIT');
  } catch (error) {
    db.run('ROLLBACK');
    throw new StorageError(`migrating ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function assertNumbered(schema: Schema): void {
  schema.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new StorageError(`${schema.kind} migrations must be numbered 1, 2, 3...: found ${migration.version} at position ${index + 1}`);
    }
  });
}

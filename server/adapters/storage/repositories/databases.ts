import type { ShardKey } from '../shard-names';
import type { SqlDatabase, SqlParam } from '../sql-engine';

/** What a repository sees of the store: databases to read, and the one way to change them. */
export interface Databases {
  catalog(): SqlDatabase;
  /** An evaluation or profile database, or null when it was never written. */
  read(key: ShardKey): SqlDatabase | null;
  transaction<T>(work: () => T): T;
  /** Runs one statement in `key`'s database (created on first write) as part of the transaction under way. */
  mutate(key: ShardKey, sql: string, params: SqlParam[]): number;
}

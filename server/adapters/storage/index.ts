import type { Store } from '../../core/ports';
import type { StartupReport } from './recovery-log';
import { openStore, type SqlJsStoreOptions } from './sqljs-store';

export type { RecoveredFile, StartupReport } from './recovery-log';
export type { SqlJsStoreOptions } from './sqljs-store';
export { MigrationChangedError, StorageError } from './errors';

/**
 * Opens the sql.js store in `dataDir`, repairing what a crash or a damaged
 * file left behind; `startupReport` says what was repaired.
 */
export async function openSqlJsStore(options: SqlJsStoreOptions): Promise<Store & { startupReport: StartupReport }> {
  return openStore(options);
}

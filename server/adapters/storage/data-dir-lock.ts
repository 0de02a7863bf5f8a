import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StorageError } from './errors';
import { removeIfPresent } from './durable-fs';

/** The newest lock per data directory in this process; an older one is fenced off. */
const current = new Map<string, DataDirLock>();

/**
 * Two stores writing one data directory would interleave their journals and
 * overwrite each other's snapshots. Across processes, a lock file names the
 * owner; one left by a process that no longer runs (it crashed) is taken over.
 * Within a process, opening the directory again supersedes the earlier store
 * (the way a restart after a crash would), and the earlier one may no longer write.
 */
export class DataDirLock {
  private constructor(
    private readonly dataDir: string,
    private readonly path: string,
  ) {}

  static acquire(dataDir: string): DataDirLock {
    const path = join(dataDir, 'LOCK');
    const owner = String(process.pid);
    if (!createExclusive(path, owner)) {
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new StorageError(
          `the data directory ${dataDir} is in use by another Vendor Evaluation process (pid ${holder}); close it first`,
        );
      }
      writeFileSync(path, owner);
    }
    const lock = new DataDirLock(dataDir, path);
    current.set(dataDir, lock);
    return lock;
  }

  get superseded(): boolean {
    return current.get(this.dataDir) !== this;
  }

  /** Throws before any write of a store whose data directory was opened again since. */
  assertCurrent(): void {
    if (this.superseded) {
      throw new StorageError(`this store no longer owns ${this.dataDir}: the directory was opened again; use the newer store`);
    }
  }

  release(): void {
    if (this.superseded) return;
    current.delete(this.dataDir);
    try {
      if (readFileSync(this.path, 'utf8') === String(process.pid)) removeIfPresent(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function createExclusive(path: string, owner: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, owner);
  } finally {
    closeSync(fd);
  }
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StorageError } from './errors';
import { removeIfPresent } from './durable-fs';

/**
 * Two processes writing one data directory would interleave their journals,
 * so the directory carries a lock file naming its owner. A lock left by a
 * process that no longer runs (it crashed) is taken over.
 */
export class DataDirLock {
  private constructor(private readonly path: string) {}

  static acquire(dataDir: string): DataDirLock {
    const path = join(dataDir, 'LOCK');
    const owner = String(process.pid);
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, owner);
      } finally {
        closeSync(fd);
      }
      return new DataDirLock(path);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new StorageError(
        `the data directory ${dataDir} is in use by another Vendor Evaluation process (pid ${holder}); close it first`,
      );
    }
    writeFileSync(path, owner);
    return new DataDirLock(path);
  }

  release(): void {
    try {
      if (readFileSync(this.path, 'utf8') === String(process.pid)) removeIfPresent(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

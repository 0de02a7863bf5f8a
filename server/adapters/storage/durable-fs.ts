import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes a rename or a new file in `dir` survive power loss. Windows cannot
 * open a directory for syncing (and does not need to), so it is skipped there.
 */
export function fsyncDirectory(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function writeAllSync(fd: number, data: Uint8Array, position: number): void {
  let written = 0;
  while (written < data.length) {
    written += writeSync(fd, data, written, data.length - written, position + written);
  }
}

/** Writes `chunks` to a new file and syncs it; the file is complete or the call throws. */
export function writeFileSynced(path: string, chunks: Uint8Array[]): void {
  const fd = openSync(path, 'w');
  try {
    let position = 0;
    for (const chunk of chunks) {
      writeAllSync(fd, chunk, position);
      position += chunk.length;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

export function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * Replaces `path` with `chunks` so that at every instant `path` holds either
 * the old or the new content, complete: write a synced temp file, keep the old
 * file as `backupPath` (a hard link, so there is no moment without `path`),
 * rename the temp file over `path`, then sync the directory.
 */
export function replaceFileDurably(path: string, chunks: Uint8Array[], backupPath: string | null): void {
  const temp = `${path}.tmp`;
  writeFileSynced(temp, chunks);
  if (backupPath) keepAsBackup(path, backupPath);
  renameSync(temp, path);
  fsyncDirectory(dirname(path));
}

/** With nothing at `path` there is nothing newer to keep, and the existing backup stays. */
function keepAsBackup(path: string, backupPath: string): void {
  if (!existsSync(path)) return;
  removeIfPresent(backupPath);
  try {
    linkSync(path, backupPath);
  } catch {
    // Some file systems (FAT, some network shares) have no hard links.
    writeFileSynced(backupPath, [readFileSync(path)]);
  }
}

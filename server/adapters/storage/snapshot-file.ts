import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { isMissing, replaceFileDurably } from './durable-fs';

/**
 * A snapshot is the SQLite file as sql.js exports it, followed by a trailer:
 *
 *   magic "VESNAP01" (8) | journal sequence number (u64 LE) | database length (u32 LE) | CRC-32 (u32 LE)
 *
 * The CRC covers the database bytes and the first 20 trailer bytes, so any
 * damaged byte is caught, not only the ones SQLite's own checks look at. The
 * sequence number says which journal records the snapshot already contains.
 * SQLite itself ignores bytes past the page count in the header, so the
 * sqlite3 shell still opens the file.
 */

const MAGIC = Buffer.from('VESNAP01', 'latin1');
export const TRAILER_BYTES = 24;

export type SnapshotRead =
  | { ok: true; bytes: Uint8Array; lsn: number }
  | { ok: false; missing: boolean; reason: string };

export type TrailerRead = { ok: true; lsn: number } | { ok: false; missing: boolean; reason: string };

export function encodeTrailer(database: Uint8Array, lsn: number): Buffer {
  const trailer = Buffer.alloc(TRAILER_BYTES);
  MAGIC.copy(trailer, 0);
  trailer.writeBigUInt64LE(BigInt(lsn), 8);
  trailer.writeUInt32LE(database.length, 16);
  trailer.writeUInt32LE(checksum(database, trailer), 20);
  return trailer;
}

function checksum(database: Uint8Array, trailer: Buffer): number {
  return crc32(trailer.subarray(0, 20), crc32(database));
}

export function decodeSnapshot(file: Buffer): SnapshotRead {
  const header = decodeTrailerBytes(file.subarray(Math.max(0, file.length - TRAILER_BYTES)), file.length);
  if (!header.ok) return header;
  const database = file.subarray(0, file.length - TRAILER_BYTES);
  const trailer = file.subarray(file.length - TRAILER_BYTES);
  if (checksum(database, trailer) !== trailer.readUInt32LE(20)) {
    return { ok: false, missing: false, reason: 'checksum mismatch: the file was changed or damaged after it was written' };
  }
  return { ok: true, bytes: database, lsn: header.lsn };
}

function decodeTrailerBytes(trailer: Buffer, fileLength: number): TrailerRead {
  if (fileLength < TRAILER_BYTES + 100) {
    return { ok: false, missing: false, reason: `too short to be a snapshot (${fileLength} bytes): truncated` };
  }
  if (!trailer.subarray(0, 8).equals(MAGIC)) {
    return { ok: false, missing: false, reason: 'no snapshot trailer at the end of the file: truncated or overwritten' };
  }
  const length = trailer.readUInt32LE(16);
  if (length !== fileLength - TRAILER_BYTES) {
    return { ok: false, missing: false, reason: `trailer says ${length} database bytes, the file holds ${fileLength - TRAILER_BYTES}` };
  }
  return { ok: true, lsn: Number(trailer.readBigUInt64LE(8)) };
}

export function readSnapshot(path: string): SnapshotRead {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (error) {
    if (isMissing(error)) return { ok: false, missing: true, reason: 'missing' };
    return { ok: false, missing: false, reason: `unreadable: ${error instanceof Error ? error.message : String(error)}` };
  }
  return decodeSnapshot(file);
}

/** Reads only the trailer: a cheap check that catches truncation and tells the sequence number. */
export function readSnapshotTrailer(path: string): TrailerRead {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (isMissing(error)) return { ok: false, missing: true, reason: 'missing' };
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const trailer = Buffer.alloc(Math.min(TRAILER_BYTES, size));
    readSync(fd, trailer, 0, trailer.length, size - trailer.length);
    return decodeTrailerBytes(trailer, size);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads whole snapshots into one reusable buffer to verify their checksums:
 * checking every shard at start costs a read of the data, not an allocation per file.
 */
export class SnapshotVerifier {
  private scratch = Buffer.alloc(1024 * 1024);

  verify(path: string): TrailerRead {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      if (isMissing(error)) return { ok: false, missing: true, reason: 'missing' };
      throw error;
    }
    try {
      const size = fstatSync(fd).size;
      if (this.scratch.length < size) this.scratch = Buffer.alloc(Math.max(size, this.scratch.length * 2));
      let read = 0;
      while (read < size) {
        const got = readSync(fd, this.scratch, read, size - read, read);
        if (got === 0) break;
        read += got;
      }
      const decoded = decodeSnapshot(this.scratch.subarray(0, read));
      return decoded.ok ? { ok: true, lsn: decoded.lsn } : decoded;
    } finally {
      closeSync(fd);
    }
  }
}

export function writeSnapshot(path: string, backupPath: string | null, database: Uint8Array, lsn: number): void {
  replaceFileDurably(path, [database, encodeTrailer(database, lsn)], backupPath);
}

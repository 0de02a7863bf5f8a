import {
  closeSync,
  copyFileSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { fsyncDirectory, writeAllSync, writeFileSynced } from './durable-fs';
import { StorageError, messageOf } from './errors';
import {
  SEGMENT_HEADER_BYTES,
  decodeSegment,
  encodeRecord,
  encodeSegmentHeader,
  type JournalRecord,
} from './journal-format';
import type { RecoveryLog } from './recovery-log';

interface Segment {
  baseLsn: number;
  path: string;
}

const SEGMENT_NAME = /^(\d{16})\.log$/;

function segmentPath(dir: string, baseLsn: number): string {
  return join(dir, `${String(baseLsn).padStart(16, '0')}.log`);
}

export interface JournalContents {
  /** Every readable record of the retained segments, oldest first. */
  records: JournalRecord[];
  /** The highest sequence number the journal knows of (a record's, or a segment's base). */
  lastLsn: number;
}

/**
 * The redo log shared by every database of the store, split in segments. A
 * write that spans databases is one record, so it is atomic by construction.
 */
export class Journal {
  private fd: number | null = null;
  private bytes = 0;
  /** Set when a failed append could not be undone: later records would follow garbage. */
  private broken: string | null = null;

  private constructor(
    private readonly dir: string,
    private readonly segments: Segment[],
  ) {}

  /** Reads the retained segments, cutting a torn tail off the newest one. */
  static open(dir: string, log: RecoveryLog): { journal: Journal; contents: JournalContents } {
    mkdirSync(dir, { recursive: true });
    const decoded = listSegments(dir).map((segment) => ({ ...segment, ...decodeSegment(readFileSync(segment.path)) }));
    const readable = decoded.filter((segment) => {
      if (segment.baseLsn !== null) return true;
      // A header cut short is a segment whose creation was interrupted: it never held a record.
      renameSync(segment.path, `${segment.path}.damaged`);
      log.recovered(segment.path, `${segment.damage ?? 'damaged'}; set aside as .damaged`);
      return false;
    });

    const segments: Segment[] = [];
    const records: JournalRecord[] = [];
    let lastLsn = 0;
    readable.forEach((segment, index) => {
      const baseLsn = segment.baseLsn ?? 0;
      if (segment.damage && index === readable.length - 1) {
        // Appends go here next, so what follows the last good record must go; a copy keeps the evidence.
        copyFileSync(segment.path, `${segment.path}.damaged`);
        truncateTo(segment.path, segment.goodBytes);
        const dropped = segment.fileBytes - segment.goodBytes;
        log.recovered(segment.path, `${segment.damage}: dropped ${dropped} bytes of a write that never completed (it was not acknowledged)`);
      } else if (segment.damage) {
        log.warning(segment.path, `${segment.damage}: records after it in this older segment were skipped`);
      }
      segments.push({ baseLsn, path: segment.path });
      records.push(...segment.records);
      lastLsn = Math.max(lastLsn, baseLsn, segment.records.at(-1)?.lsn ?? 0);
    });
    return { journal: new Journal(dir, segments), contents: { records, lastLsn } };
  }

  /** Every readable record of the retained segments, without repairing anything. */
  static read(dir: string): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const segment of listSegments(dir)) records.push(...decodeSegment(readFileSync(segment.path)).records);
    return records;
  }

  /** Bytes of records in the segment being appended to. */
  get currentBytes(): number {
    return Math.max(0, this.bytes - SEGMENT_HEADER_BYTES);
  }

  /** Appends one record and waits until it is on disk; on failure the journal is as before. */
  append(record: JournalRecord): void {
    if (this.broken) throw new StorageError(`storage is unavailable until restart: ${this.broken}`);
    const fd = this.appendTarget();
    const frame = encodeRecord(record);
    const at = this.bytes;
    try {
      writeAllSync(fd, frame, at);
      fdatasyncSync(fd);
      this.bytes = at + frame.length;
    } catch (error) {
      this.undoAppend(fd, at, error);
      throw new StorageError(`the change could not be written to disk: ${messageOf(error)}`, { cause: error });
    }
  }

  private undoAppend(fd: number, at: number, cause: unknown): void {
    try {
      ftruncateSync(fd, at);
      fdatasyncSync(fd);
    } catch (error) {
      this.broken = `the journal could not be repaired after a failed write (${messageOf(cause)}; then ${messageOf(error)})`;
    }
  }

  private appendTarget(): number {
    if (this.fd !== null) return this.fd;
    const current = this.segments.at(-1);
    if (!current) throw new StorageError('the journal has no segment to write to');
    this.fd = openSync(current.path, 'r+');
    this.bytes = Math.max(SEGMENT_HEADER_BYTES, fstatSync(this.fd).size);
    return this.fd;
  }

  /** Starts a new segment whose records will all follow `baseLsn`. */
  startSegment(baseLsn: number): void {
    const current = this.segments.at(-1);
    if (current && current.baseLsn === baseLsn) return;
    const path = segmentPath(this.dir, baseLsn);
    writeFileSynced(path, [encodeSegmentHeader(baseLsn)]);
    fsyncDirectory(this.dir);
    this.closeFile();
    this.segments.push({ baseLsn, path });
    this.fd = openSync(path, 'r+');
    this.bytes = SEGMENT_HEADER_BYTES;
  }

  /** Deletes segments whose every record is at or below `lsn`. */
  pruneThrough(lsn: number): void {
    while (this.segments.length > 1 && this.segments[1]!.baseLsn <= lsn) {
      const [old] = this.segments.splice(0, 1);
      unlinkSync(old!.path);
    }
  }

  get hasSegment(): boolean {
    return this.segments.length > 0;
  }

  close(): void {
    this.closeFile();
  }

  private closeFile(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

function listSegments(dir: string): Segment[] {
  return readdirSync(dir)
    .map((name) => SEGMENT_NAME.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ baseLsn: Number(match[1]), path: join(dir, match[0]) }))
    .sort((a, b) => a.baseLsn - b.baseLsn);
}

function truncateTo(path: string, goodBytes: number): void {
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, goodBytes);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

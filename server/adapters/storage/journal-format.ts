import { crc32 } from 'node:zlib';
import type { SqlParam } from './sql-engine';

/**
 * The journal is a redo log: one record per acknowledged write, holding the
 * statements that write ran and their bound values, in every database it touched.
 *
 * Segment file: header  "VEJOURN1" (8) | base sequence number (u64 LE)
 *               records length (u32 LE) | CRC-32 of payload (u32 LE) | payload (UTF-8 JSON)
 *
 * A record whose frame is cut short or whose CRC does not match was being
 * written when the process died: its write never returned, so it was never
 * acknowledged, and everything from it on is dropped.
 */

export interface JournalOp {
  /** Which database: `catalog`, `evaluation:<id>` or `profile:<vendorId>`. */
  shard: string;
  sql: string;
  params: SqlParam[];
}

export interface JournalRecord {
  lsn: number;
  ops: JournalOp[];
}

const SEGMENT_MAGIC = Buffer.from('VEJOURN1', 'latin1');
export const SEGMENT_HEADER_BYTES = 16;
const FRAME_HEADER_BYTES = 8;
/** Larger than any write this adapter makes; a bigger length is damage, not data. */
const MAX_RECORD_BYTES = 512 * 1024 * 1024;

export function encodeSegmentHeader(baseLsn: number): Buffer {
  const header = Buffer.alloc(SEGMENT_HEADER_BYTES);
  SEGMENT_MAGIC.copy(header, 0);
  header.writeBigUInt64LE(BigInt(baseLsn), 8);
  return header;
}

export function encodeRecord(record: JournalRecord): Buffer {
  const payload = Buffer.from(JSON.stringify([record.lsn, record.ops.map((op) => [op.shard, op.sql, op.params])]), 'utf8');
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

export interface DecodedSegment {
  /** null when the header itself is damaged: the segment holds nothing usable. */
  baseLsn: number | null;
  records: JournalRecord[];
  /** Bytes up to the end of the last good record. */
  goodBytes: number;
  fileBytes: number;
  /** Why decoding stopped before the end of the file, if it did. */
  damage: string | null;
}

export function decodeSegment(file: Buffer): DecodedSegment {
  if (file.length < SEGMENT_HEADER_BYTES || !file.subarray(0, 8).equals(SEGMENT_MAGIC)) {
    return { baseLsn: null, records: [], goodBytes: 0, fileBytes: file.length, damage: 'segment header is missing or damaged' };
  }
  const baseLsn = Number(file.readBigUInt64LE(8));
  const records: JournalRecord[] = [];
  let offset = SEGMENT_HEADER_BYTES;
  let previousLsn = baseLsn;
  while (offset < file.length) {
    const problem = frameProblem(file, offset);
    if (problem) return { baseLsn, records, goodBytes: offset, fileBytes: file.length, damage: `${problem} at offset ${offset}` };
    const length = file.readUInt32LE(offset);
    const record = parsePayload(file.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length));
    if (!record || record.lsn <= previousLsn) {
      return { baseLsn, records, goodBytes: offset, fileBytes: file.length, damage: `record with a valid checksum but an unreadable body at offset ${offset}` };
    }
    records.push(record);
    previousLsn = record.lsn;
    offset += FRAME_HEADER_BYTES + length;
  }
  return { baseLsn, records, goodBytes: offset, fileBytes: file.length, damage: null };
}

function frameProblem(file: Buffer, offset: number): string | null {
  if (file.length - offset < FRAME_HEADER_BYTES) return 'record header cut short';
  const length = file.readUInt32LE(offset);
  if (length === 0 || length > MAX_RECORD_BYTES) return `record length ${length} is impossible`;
  if (file.length - offset - FRAME_HEADER_BYTES < length) return 'record cut short';
  const payload = file.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length);
  if (crc32(payload) !== file.readUInt32LE(offset + 4)) return 'record checksum mismatch';
  return null;
}

function parsePayload(payload: Buffer): JournalRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [lsn, rawOps] = value as unknown[];
  if (typeof lsn !== 'number' || !Number.isSafeInteger(lsn) || !Array.isArray(rawOps)) return null;
  const ops: JournalOp[] = [];
  for (const raw of rawOps as unknown[]) {
    const op = parseOp(raw);
    if (!op) return null;
    ops.push(op);
  }
  return { lsn, ops };
}

function parseOp(raw: unknown): JournalOp | null {
  if (!Array.isArray(raw) || raw.length !== 3) return null;
  const [shard, sql, params] = raw as unknown[];
  if (typeof shard !== 'string' || typeof sql !== 'string' || !Array.isArray(params)) return null;
  const values: SqlParam[] = [];
  for (const param of params as unknown[]) {
    if (typeof param === 'string' || typeof param === 'number' || param === null) values.push(param);
    else return null;
  }
  return { shard, sql, params: values };
}

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { DatabaseKind } from './migrations';

/**
 * Every database of the store has a key, which is what the journal records:
 * `catalog`, `evaluation:<evaluation id>` or `profile:<vendor id>`.
 */
export type ShardKey = string;

export const CATALOG: ShardKey = 'catalog';
export const EVALUATIONS_DIR = 'evaluations';
export const PROFILES_DIR = 'profiles';
export const JOURNAL_DIR = 'journal';

export function evaluationShard(evaluationId: string): ShardKey {
  return `evaluation:${evaluationId}`;
}

export function profileShard(vendorId: string): ShardKey {
  return `profile:${vendorId}`;
}

export interface ShardLocation {
  kind: DatabaseKind;
  path: string;
  backupPath: string;
}

export function locateShard(dataDir: string, key: ShardKey): ShardLocation {
  if (key === CATALOG) return at('catalog', join(dataDir, 'catalog.db'));
  const colon = key.indexOf(':');
  const prefix = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (prefix === 'evaluation') return at('evaluation', join(dataDir, EVALUATIONS_DIR, `${fileNameOf(id)}.db`));
  if (prefix === 'profile') return at('profile', join(dataDir, PROFILES_DIR, `${fileNameOf(id)}.db`));
  throw new Error(`not a database key: ${key}`);
}

function at(kind: DatabaseKind, path: string): ShardLocation {
  return { kind, path, backupPath: `${path}.bak` };
}

const PLAIN_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/**
 * Ids come from outside (any characters, any case), file names must be safe on
 * every platform, including case-insensitive ones: ids that are not plain
 * lowercase get a readable prefix and a hash of the exact id.
 */
export function fileNameOf(id: string): string {
  if (PLAIN_ID.test(id)) return id;
  const slug = id.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  const hash = createHash('sha256').update(id, 'utf8').digest('hex').slice(0, 16);
  return slug ? `${slug}~${hash}` : `~${hash}`;
}

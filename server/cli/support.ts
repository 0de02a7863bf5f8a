import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger, type LogLevel } from '../context';
import type { Logger } from '../core/ports';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export function createCliLogger(level: string): Logger {
  const known = LEVELS.find((candidate) => candidate === level);
  if (!known) throw new Error(`--log-level must be one of ${LEVELS.join(', ')}, got ${JSON.stringify(level)}`);
  return createLogger(known);
}

/** The built renderer (npm run build), served at the root when present. */
export function staticDirIfBuilt(): string | undefined {
  const dir = fileURLToPath(new URL('../../out/renderer', import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : undefined;
}

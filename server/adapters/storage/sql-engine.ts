import { createRequire } from 'node:module';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';

export type SqlDatabase = Database;
export type SqlJs = SqlJsStatic;

/** Values the adapter binds: JSON-safe on purpose, because every mutation is logged as JSON. */
export type SqlParam = string | number | null;
export type SqlRow = Record<string, SqlParam>;

export function defaultWasmPath(): string {
  return createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
}

/**
 * sql.js keeps one module per process (its first load wins, a failed one
 * included), so every database shares one wasm heap; `wasmPath` only
 * matters to the first store a process opens.
 */
export async function loadSqlJs(wasmPath = defaultWasmPath()): Promise<SqlJs> {
  try {
    return await initSqlJs({ locateFile: () => wasmPath });
  } catch (error) {
    throw new Error(`could not load SQLite (sql.js) from ${wasmPath}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

export function queryAll(db: SqlDatabase, sql: string, params: SqlParam[] = []): SqlRow[] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const rows: SqlRow[] = [];
    while (statement.step()) rows.push(toRow(statement.getAsObject()));
    return rows;
  } finally {
    statement.free();
  }
}

export function queryOne(db: SqlDatabase, sql: string, params: SqlParam[] = []): SqlRow | null {
  return queryAll(db, sql, params)[0] ?? null;
}

function toRow(raw: Record<string, unknown>): SqlRow {
  const row: SqlRow = {};
  for (const [column, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number' || value === null) row[column] = value;
    else throw new Error(`column ${column} holds a value the adapter never writes (${typeof value})`);
  }
  return row;
}

// Row readers: a wrong type means the schema and the code disagree, which must not pass silently.

export function text(row: SqlRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`column ${column}: expected text, got ${value === null ? 'null' : typeof value}`);
  return value;
}

export function textOrNull(row: SqlRow, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : text(row, column);
}

export function num(row: SqlRow, column: string): number {
  const value = row[column];
  if (typeof value !== 'number') throw new Error(`column ${column}: expected a number, got ${value === null ? 'null' : typeof value}`);
  return value;
}

export function numOrNull(row: SqlRow, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : num(row, column);
}

export function member<T extends string>(row: SqlRow, column: string, allowed: readonly T[]): T {
  const value = text(row, column);
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`column ${column}: unexpected value ${JSON.stringify(value)}`);
  return found;
}

/**
 * JSON columns hold documents this adapter wrote from typed records, inside
 * checksummed files; reading them back as that type is the one trusted cast.
 */
export function json<T>(row: SqlRow, column: string): T {
  return JSON.parse(text(row, column)) as T;
}

/**
 * One measured figure. `ratio` is value / bound: below 1 is within the bound.
 * Rows without a bound (a peer measured for context) have null bound and ratio.
 */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  bound: number | null;
  ratio: number | null;
}

export function row(name: string, value: number, unit: string, bound: number | null = null): BenchRow {
  return { name, value, unit, bound, ratio: bound === null ? null : value / bound };
}

export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((r) => [
    r.name,
    `${format(r.value)} ${r.unit}`,
    r.bound === null ? '' : `${format(r.bound)} ${r.unit}`,
    r.ratio === null ? '' : `${r.ratio.toFixed(2)}${r.ratio > 1 ? '  OVER' : ''}`,
  ]);
  const header = ['measure', 'value', 'bound', 'ratio'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

function format(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export function timeMs(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

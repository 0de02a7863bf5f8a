#!/usr/bin/env node
// npm run bench [-- --quick]: every benchmark of the project, one table each;
// exits 1 when a measure is over its bound.
import { register } from 'tsx/esm/api';
import { existsSync } from 'node:fs';

register();
const quick = process.argv.includes('--quick');
const progress = (message) => process.stderr.write(`  ${message}\n`);
const { formatTable } = await import('../bench/lib/bench-table.ts');
const suites = [
  ['storage', '../bench/storage.ts', 'runStorageBench'],
  ['server', '../bench/server.ts', 'runServerBench'],
  ['evaluation', '../bench/evaluation.ts', 'runEvaluationBench'],
];
let over = 0;
for (const [name, path, fn] of suites) {
  if (!existsSync(new URL(path, import.meta.url))) continue;
  process.stderr.write(`${name} bench\n`);
  const rows = await (await import(path))[fn]({ quick, progress });
  process.stdout.write(`\n## ${name}\n\n${formatTable(rows)}\n`);
  over += rows.filter((r) => r.ratio !== null && r.ratio > 1).length;
}
process.stdout.write(over ? `\n${over} measure(s) over their bound\n` : '\nevery measure within its bound\n');
process.exitCode = over ? 1 : 0;

import { EVALUATION_STATUSES } from '../../../contracts';
import type { EvaluationPhase, EvaluationRecord } from '../../../core/domain';
import type { EvaluationPatch } from '../../../core/ports';
import { StorageError } from '../errors';
import { CATALOG } from '../shard-names';
import { json, member, num, numOrNull, queryAll, queryOne, text, textOrNull, type SqlParam, type SqlRow } from '../sql-engine';
import type { Databases } from './databases';

const PHASES: readonly EvaluationPhase[] = ['idle', 'ingesting', 'running', 'scoring', 'variants', 'done'];

const COLUMNS =
  'id, customer_id, scenario_id, vendor_ids, customer_vendor_id, models, samples, status, phase, error, ' +
  'created_at, started_at, completed_at, total_runs, completed_runs, failed_runs, ' +
  'max_cost_usd, input_tokens, output_tokens, cost_usd, no_cache';

/** Evaluation metadata, kept in the catalog so lists and status polls never open a shard. */
export function evaluationMetadata(dbs: Databases) {
  const exists = (id: string) => queryOne(dbs.catalog(), 'SELECT 1 AS found FROM evaluations WHERE id = ?', [id]) !== null;
  return {
    exists,

    insert(evaluation: EvaluationRecord): void {
      dbs.transaction(() =>
        dbs.mutate(CATALOG, `INSERT INTO evaluations (${COLUMNS}) VALUES (${COLUMNS.split(',').map(() => '?').join(', ')})`, [
          evaluation.id,
          evaluation.customer_id,
          evaluation.scenario_id,
          JSON.stringify(evaluation.vendor_ids),
          evaluation.customer_vendor_id,
          JSON.stringify(evaluation.models),
          evaluation.samples,
          evaluation.status,
          evaluation.phase,
          evaluation.error,
          evaluation.created_at,
          evaluation.started_at,
          evaluation.completed_at,
          evaluation.progress.total_runs,
          evaluation.progress.completed_runs,
          evaluation.progress.failed_runs,
          evaluation.max_cost_usd ?? null,
          evaluation.spend?.input_tokens ?? 0,
          evaluation.spend?.output_tokens ?? 0,
          evaluation.spend?.cost_usd ?? 0,
          evaluation.no_cache ? 1 : 0,
        ]),
      );
    },

    get(id: string): EvaluationRecord | null {
      const row = queryOne(dbs.catalog(), `SELECT ${COLUMNS} FROM evaluations WHERE id = ?`, [id]);
      return row ? toEvaluation(row) : null;
    },

    list(): EvaluationRecord[] {
      return queryAll(dbs.catalog(), `SELECT ${COLUMNS} FROM evaluations ORDER BY created_at DESC, rowid DESC`).map(toEvaluation);
    },

    listByStatus(status: EvaluationRecord['status']): EvaluationRecord[] {
      return queryAll(
        dbs.catalog(),
        `SELECT ${COLUMNS} FROM evaluations WHERE status = ? ORDER BY created_at DESC, rowid DESC`,
        [status],
      ).map(toEvaluation);
    },

    update(id: string, patch: EvaluationPatch): void {
      const assignments: string[] = [];
      const values: SqlParam[] = [];
      const set = (column: string, value: SqlParam) => {
        assignments.push(`${column} = ?`);
        values.push(value);
      };
      if (patch.status !== undefined) set('status', patch.status);
      if (patch.phase !== undefined) set('phase', patch.phase);
      if (patch.error !== undefined) set('error', patch.error);
      if (patch.started_at !== undefined) set('started_at', patch.started_at);
      if (patch.completed_at !== undefined) set('completed_at', patch.completed_at);
      if (patch.progress !== undefined) {
        set('total_runs', patch.progress.total_runs);
        set('completed_runs', patch.progress.completed_runs);
        set('failed_runs', patch.progress.failed_runs);
      }
      if (patch.spend !== undefined) {
        set('input_tokens', patch.spend.input_tokens);
        set('output_tokens', patch.spend.output_tokens);
        set('cost_usd', patch.spend.cost_usd);
      }
      const missing = () => new StorageError(`cannot update evaluation '${id}': no such evaluation`);
      if (assignments.length === 0) {
        if (!exists(id)) throw missing();
        return;
      }
      dbs.transaction(() => {
        const changed = dbs.mutate(CATALOG, `UPDATE evaluations SET ${assignments.join(', ')} WHERE id = ?`, [...values, id]);
        if (changed === 0) throw missing();
      });
    },
  };
}

function toEvaluation(row: SqlRow): EvaluationRecord {
  return {
    id: text(row, 'id'),
    customer_id: text(row, 'customer_id'),
    scenario_id: text(row, 'scenario_id'),
    vendor_ids: json<string[]>(row, 'vendor_ids'),
    customer_vendor_id: text(row, 'customer_vendor_id'),
    models: json<string[]>(row, 'models'),
    samples: numOrNull(row, 'samples'),
    status: member(row, 'status', EVALUATION_STATUSES),
    phase: member(row, 'phase', PHASES),
    error: textOrNull(row, 'error'),
    created_at: text(row, 'created_at'),
    started_at: textOrNull(row, 'started_at'),
    completed_at: textOrNull(row, 'completed_at'),
    progress: {
      total_runs: num(row, 'total_runs'),
      completed_runs: num(row, 'completed_runs'),
      failed_runs: num(row, 'failed_runs'),
    },
    max_cost_usd: numOrNull(row, 'max_cost_usd'),
    no_cache: num(row, 'no_cache') === 1,
    spend: {
      input_tokens: num(row, 'input_tokens'),
      output_tokens: num(row, 'output_tokens'),
      cost_usd: num(row, 'cost_usd'),
    },
  };
}

import { FUNNEL_STAGES, RUN_STATUSES, type TraceSample, type VendorProfile } from '../../../contracts';
import { evaluationIdOfRun, runId, type EvaluationResults, type RunRecord } from '../../../core/domain';
import { StorageError } from '../errors';
import { evaluationShard } from '../shard-names';
import { json, member, num, numOrNull, queryAll, queryOne, text, textOrNull, type SqlParam, type SqlRow } from '../sql-engine';
import type { Databases } from './databases';

const RUN_COLUMNS =
  'id, evaluation_id, seq, model, vendor_id, vendor_name, stage, status, score, error, duration_ms, ' +
  'started_at, completed_at, samples, detail, input_tokens, output_tokens, cost_usd, cached_samples';

const UPSERT_RUN =
  `INSERT INTO runs (${RUN_COLUMNS}) VALUES (${RUN_COLUMNS.split(',').map(() => '?').join(', ')}) ` +
  'ON CONFLICT (id) DO UPDATE SET ' +
  RUN_COLUMNS.split(', ')
    .filter((column) => column !== 'id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');

/**
 * What an evaluation accumulates while it runs (run plan, traces, the
 * profiles it ran on, results) lives in the evaluation's own shard, so
 * writing a run costs that evaluation's size, not the whole store's.
 */
export function evaluationRuns(dbs: Databases, evaluationExists: (id: string) => boolean) {
  const writable = (evaluationId: string) => {
    if (!evaluationExists(evaluationId)) {
      throw new StorageError(`cannot store runs of evaluation '${evaluationId}': no such evaluation`);
    }
    return evaluationShard(evaluationId);
  };
  const readable = (evaluationId: string) => dbs.read(evaluationShard(evaluationId));

  return {
    resetRuns(evaluationId: string, runs: RunRecord[]): void {
      dbs.transaction(() => {
        const shard = writable(evaluationId);
        dbs.mutate(shard, 'DELETE FROM runs', []);
        dbs.mutate(shard, 'DELETE FROM profile_snapshots', []);
        dbs.mutate(shard, 'DELETE FROM results', []);
        for (const run of runs) dbs.mutate(shard, UPSERT_RUN, runValues(evaluationId, run));
      });
    },

    saveRun(run: RunRecord): void {
      dbs.transaction(() => dbs.mutate(writable(run.evaluation_id), UPSERT_RUN, runValues(run.evaluation_id, run)));
    },

    listRuns(evaluationId: string): RunRecord[] {
      const db = readable(evaluationId);
      return db ? queryAll(db, `SELECT ${RUN_COLUMNS} FROM runs ORDER BY seq`).map(toRun) : [];
    },

    getRun(id: string): RunRecord | null {
      const evaluationId = evaluationIdOfRun(id);
      const db = evaluationId === null ? null : readable(evaluationId);
      const row = db && queryOne(db, `SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`, [id]);
      return row ? toRun(row) : null;
    },

    saveProfileSnapshots(evaluationId: string, profiles: VendorProfile[]): void {
      dbs.transaction(() => {
        const shard = writable(evaluationId);
        dbs.mutate(shard, 'DELETE FROM profile_snapshots', []);
        profiles.forEach((profile, position) =>
          dbs.mutate(shard, 'INSERT INTO profile_snapshots (position, vendor_id, profile) VALUES (?, ?, ?)', [
            position,
            profile.vendor_id,
            JSON.stringify(profile),
          ]),
        );
      });
    },

    getProfileSnapshots(evaluationId: string): VendorProfile[] {
      const db = readable(evaluationId);
      if (!db) return [];
      return queryAll(db, 'SELECT profile FROM profile_snapshots ORDER BY position').map((row) => json<VendorProfile>(row, 'profile'));
    },

    saveResults(evaluationId: string, results: EvaluationResults): void {
      dbs.transaction(() =>
        dbs.mutate(
          writable(evaluationId),
          'INSERT INTO results (singleton, results) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET results = excluded.results',
          [JSON.stringify(results)],
        ),
      );
    },

    getResults(evaluationId: string): EvaluationResults | null {
      const db = readable(evaluationId);
      const row = db && queryOne(db, 'SELECT results FROM results WHERE singleton = 1');
      return row ? json<EvaluationResults>(row, 'results') : null;
    },
  };
}

function runValues(evaluationId: string, run: RunRecord): SqlParam[] {
  if (run.evaluation_id !== evaluationId || run.id !== runId(evaluationId, run.seq)) {
    throw new StorageError(`run '${run.id}' does not belong to evaluation '${evaluationId}': run ids are <evaluation_id>.<seq>`);
  }
  return [
    run.id,
    run.evaluation_id,
    run.seq,
    run.model,
    run.vendor_id,
    run.vendor_name,
    run.stage,
    run.status,
    run.score,
    run.error,
    run.duration_ms,
    run.started_at,
    run.completed_at,
    JSON.stringify(run.samples),
    JSON.stringify(run.detail ?? null),
    run.usage?.input_tokens ?? 0,
    run.usage?.output_tokens ?? 0,
    run.cost_usd ?? 0,
    run.cached_samples ?? 0,
  ];
}

function toRun(row: SqlRow): RunRecord {
  return {
    id: text(row, 'id'),
    evaluation_id: text(row, 'evaluation_id'),
    seq: num(row, 'seq'),
    model: text(row, 'model'),
    vendor_id: text(row, 'vendor_id'),
    vendor_name: text(row, 'vendor_name'),
    stage: member(row, 'stage', FUNNEL_STAGES),
    status: member(row, 'status', RUN_STATUSES),
    score: numOrNull(row, 'score'),
    error: textOrNull(row, 'error'),
    duration_ms: numOrNull(row, 'duration_ms'),
    started_at: textOrNull(row, 'started_at'),
    completed_at: textOrNull(row, 'completed_at'),
    samples: json<TraceSample[]>(row, 'samples'),
    detail: json<unknown>(row, 'detail'),
    usage: { input_tokens: num(row, 'input_tokens'), output_tokens: num(row, 'output_tokens') },
    cost_usd: num(row, 'cost_usd'),
    cached_samples: num(row, 'cached_samples'),
  };
}

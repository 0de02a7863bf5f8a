import type { ScenarioRecord } from '../../../core/domain';
import type { Store } from '../../../core/ports';
import { CATALOG } from '../shard-names';
import { json, queryAll, queryOne, text, type SqlRow } from '../sql-engine';
import type { Databases } from './databases';

const COLUMNS = 'id, task, category, requirements, budget, created_at';

export function scenariosRepository(dbs: Databases): Store['scenarios'] {
  return {
    insert(scenario: ScenarioRecord): void {
      dbs.transaction(() =>
        dbs.mutate(CATALOG, `INSERT INTO scenarios (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`, [
          scenario.id,
          scenario.task,
          scenario.category,
          JSON.stringify(scenario.requirements),
          scenario.budget === null ? null : JSON.stringify(scenario.budget),
          scenario.created_at,
        ]),
      );
    },

    get(id: string): ScenarioRecord | null {
      const row = queryOne(dbs.catalog(), `SELECT ${COLUMNS} FROM scenarios WHERE id = ?`, [id]);
      return row ? toScenario(row) : null;
    },

    list(): ScenarioRecord[] {
      return queryAll(dbs.catalog(), `SELECT ${COLUMNS} FROM scenarios ORDER BY created_at DESC, rowid DESC`).map(toScenario);
    },
  };
}

function toScenario(row: SqlRow): ScenarioRecord {
  return {
    id: text(row, 'id'),
    task: text(row, 'task'),
    category: text(row, 'category'),
    requirements: json<string[]>(row, 'requirements'),
    budget: row.budget === null ? null : json<NonNullable<ScenarioRecord['budget']>>(row, 'budget'),
    created_at: text(row, 'created_at'),
  };
}

import type { CustomerRecord } from '../../../core/domain';
import type { Store } from '../../../core/ports';
import { CATALOG } from '../shard-names';
import { queryAll, queryOne, text, type SqlRow } from '../sql-engine';
import type { Databases } from './databases';

const COLUMNS = 'id, name, website_url, created_at';

export function customersRepository(dbs: Databases): Store['customers'] {
  return {
    insert(customer: CustomerRecord): void {
      dbs.transaction(() =>
        dbs.mutate(CATALOG, `INSERT INTO customers (${COLUMNS}) VALUES (?, ?, ?, ?)`, [
          customer.id,
          customer.name,
          customer.website_url,
          customer.created_at,
        ]),
      );
    },

    get(id: string): CustomerRecord | null {
      const row = queryOne(dbs.catalog(), `SELECT ${COLUMNS} FROM customers WHERE id = ?`, [id]);
      return row ? toCustomer(row) : null;
    },

    list(): CustomerRecord[] {
      return queryAll(dbs.catalog(), `SELECT ${COLUMNS} FROM customers ORDER BY created_at DESC, rowid DESC`).map(toCustomer);
    },
  };
}

function toCustomer(row: SqlRow): CustomerRecord {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    website_url: text(row, 'website_url'),
    created_at: text(row, 'created_at'),
  };
}

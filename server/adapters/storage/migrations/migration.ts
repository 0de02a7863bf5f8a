/** A numbered schema change. Once released its text never changes: the store refuses a database whose recorded hash differs. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export type DatabaseKind = 'catalog' | 'evaluation' | 'profile';

export interface Schema {
  kind: DatabaseKind;
  migrations: readonly Migration[];
}

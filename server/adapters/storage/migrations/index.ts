import { catalogMigrations } from './catalog';
import { evaluationMigrations } from './evaluation';
import type { DatabaseKind, Schema } from './migration';
import { profileMigrations } from './profile';

export type { DatabaseKind, Migration, Schema } from './migration';

export type Schemas = Record<DatabaseKind, Schema>;

export const schemas: Schemas = {
  catalog: { kind: 'catalog', migrations: catalogMigrations },
  evaluation: { kind: 'evaluation', migrations: evaluationMigrations },
  profile: { kind: 'profile', migrations: profileMigrations },
};

/**
 * `keystone-svc-control-plane/database`: the database helpers a host may use — the target a
 * `DATABASE_URL` names, a Prisma driver adapter for it, and the offline migration engine
 * (SQL files per provider under `migrations/`, applied in order without Prisma's native binary).
 * Separate from the main entry because it loads the SQLite and PostgreSQL drivers, which are
 * optional peer dependencies: a host imports this only with the driver it uses installed.
 */
export { resolveDatabase, sqliteFilePath, DEFAULT_DATABASE_URL, type DatabaseProvider, type DatabaseTarget } from './platform/db/database-url.ts'
export { createAdapterFactory } from './platform/db/adapter.ts'
export { migrate, type MigrationReport } from './platform/db/migrate.ts'
export { readMigrations, migrationsDir, datamodelSnapshotPath, type Migration } from './platform/db/migrations.ts'
export { diffDatamodels } from './platform/db/schema-engine.ts'
export { diffAdapterFactory, PROVIDERS } from './platform/db/datamodel.ts'
export { describeConnectionError, isDatabaseUnavailable } from './platform/db/connection-error.ts'

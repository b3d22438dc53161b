export {
  ACME,
  DEMO_FIXTURES,
  DEMO_PASSWORD,
  DEMO_SIGN_INS,
  GLOBEX,
  hasDemoAccounts,
  isStoreEmpty,
  seedDemo,
} from './demo/index.js';
export type { DemoFile, DemoSignIn, SeedDemoOptions, SeedReport } from './demo/index.js';
export { migrateDownToNothing, MigrationError, migrateToLatest } from './migrate.js';
export type { MigrationReport } from './migrate.js';
export { MIGRATIONS } from './migrations/index.js';
export {
  openPgliteStore,
  openPostgresStore,
  openStore,
  PG_TYPES,
  StoreUnavailableError,
  storeFromPglite,
  storeFromPool,
  TYPE_PARSERS,
} from './open-store.js';
export type { PostgresStoreOptions, Store, StoreLogger } from './open-store.js';
export { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.js';
export type * from './schema.js';
export { isStoreUnavailable } from './unavailable.js';
export { prepareStore } from './prepare.js';
export type { PreparedStore, PrepareStoreOptions } from './prepare.js';

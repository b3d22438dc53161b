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
  createPool,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  openPgliteStore,
  openPostgresStore,
  openStore,
  PG_TYPES,
  storeFromPgliteThread,
  storeFromPool,
  TYPE_PARSERS,
  untimed,
} from './open-store.js';
export type {
  Listener,
  ListenHandlers,
  PgliteStoreOptions,
  PostgresStoreOptions,
  Store,
  StoreLogger,
} from './open-store.js';
export { PgliteThread } from './pglite-thread.js';
export type { PgliteThreadOptions, ThreadLogger } from './pglite-thread.js';
export { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.js';
export type * from './schema.js';
export {
  isStatementTimeout,
  isStoreUnavailable,
  StatementTimeoutError,
  StoreUnavailableError,
} from './unavailable.js';
export { prepareStore } from './prepare.js';
export type { PreparedStore, PrepareStoreOptions } from './prepare.js';
export { StoreOpenError } from './open-errors.js';

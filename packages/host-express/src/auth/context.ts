import type { Kysely } from 'kysely';
import type { AuthConfig } from './config.js';
import type { SessionLifetimes } from './sessions.js';
import type { Database } from '../store/schema.js';

/** The subset of a pino logger auth uses. */
export interface AuthLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AuthContext {
  db: Kysely<Database>;
  config: AuthConfig;
  logger: AuthLogger;
  now: () => Date;
  lifetimes: SessionLifetimes;
}

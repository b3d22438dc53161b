import { type Router, Router as createRouter } from 'express';
import type { Logger } from 'pino';
import type { CreateAuthOptions, PortalAuth } from '../auth/index.js';
import { type HostConfig, loadConfig } from '../config/index.js';
import { createLogger } from '../http/logging.js';

/** A fixed clock for deterministic demo data and dates. */
export const TEST_NOW = new Date('2025-06-16T12:00:00Z');

/** Download-link keys for tests' hosts: a host on PostgreSQL does not start without SIGNING_KEYS. */
export const TEST_SIGNING_KEYS = `test:${'s'.repeat(32)}`;

/**
 * Host configuration for tests: the given variables on top of an empty environment. The requests'
 * schedule is off unless a test sets REQUEST_SCHEDULE: a background job on the real clock would
 * open check-ins in other tests' stores.
 */
export function testConfig(env: Record<string, string> = {}): HostConfig {
  return loadConfig({
    DATA_DIR: '/nonexistent/test-data',
    LOG_LEVEL: 'silent',
    REQUEST_SCHEDULE: 'off',
    SIGNING_KEYS: TEST_SIGNING_KEYS,
    ...env,
  });
}

/** A pino logger whose JSON lines the test can read. */
export function capturedLogger(level: 'info' | 'debug' = 'info'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => chunks.push(line) } });
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface AuthDoubleOptions {
  /** Extra routes on the /api/auth router. */
  routes?: (router: Router) => void;
}

/**
 * Stands in for the auth module's createAuth in the host skeleton's tests: no sessions, no CSRF or CORS
 * checks, GET /api/auth/me → 204. Keeps these tests about the skeleton, whatever auth does.
 */
export function authDouble(options: AuthDoubleOptions = {}): (args: CreateAuthOptions) => PortalAuth {
  return () => {
    const router = createRouter();
    router.get('/me', (_req, res) => {
      res.set('Cache-Control', 'no-store').status(204).end();
    });
    options.routes?.(router);
    const pass: PortalAuth['cors'] = (_req, _res, next) => next();
    return {
      router,
      loadSession: pass,
      requireSession: pass,
      requireSameOrigin: pass,
      cors: pass,
      actAsCompany: (_req, res) => {
        res.status(404).end();
      },
      ready: async () => {},
      prune: async () => {},
    };
  };
}

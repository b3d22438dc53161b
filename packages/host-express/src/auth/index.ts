import type { Kysely } from 'kysely';
import type { RequestHandler, Router } from 'express';
import { createActAsCompany, createStaffCompanies } from './act-as.js';
import { type AuthConfig, authConfigProblems } from './config.js';
import type { AuthContext, AuthLogger } from './context.js';
import { pruneRateLimits } from './rate-limits.js';
import { createAuthRouter } from './router.js';
import { createCors, createRequireSameOrigin, createRequireSameOriginNavigation } from './request-guards.js';
import { createLoadSession, requireSession } from './session-middleware.js';
import { pruneSessions } from './sessions.js';
import { createLocalSignIn } from './sign-in-local.js';
import { createOidcSignIn } from './sign-in-oidc.js';
import { createSignOut, createSignOutRedirect } from './sign-out.js';
import type { Database } from '../store/schema.js';

export { AUTH_DEFAULTS, authConfig, authConfigProblems } from './config.js';
export type { AuthConfig, BackoffRule, OidcConfig, RateLimitRule } from './config.js';
export type { AuthLogger } from './context.js';
export type { PortalIdentity } from './identity.js';
export { forgetCachedSessions, forgetCachedUser, SESSION_CACHE_TTL_MS } from './session-cache.js';

export interface CreateAuthOptions {
  db: Kysely<Database>;
  config: AuthConfig;
  logger: AuthLogger;
  /** Clock, injectable for tests of expiry and rate-limit windows. */
  now?: () => Date;
}

export interface PortalAuth {
  /** Mount at /api/auth. */
  router: Router;
  /** Sets `req.identity` from a live session cookie; clears a dead one. */
  loadSession: RequestHandler;
  /** 401 problem+json without a session. */
  requireSession: RequestHandler;
  /** CSRF: state-changing requests must be same-origin (or allow-listed) and JSON. */
  requireSameOrigin: RequestHandler;
  /** Credentialed CORS for the allow-listed origins, answering preflights. */
  cors: RequestHandler;
  /** POST /api/auth/act-as (also mounted on `router`). Expects a parsed JSON body. */
  actAsCompany: RequestHandler;
  /** Resolves when sign-in can work: immediately in local mode, after OIDC discovery in oidc mode. */
  ready(): Promise<void>;
  /** Deletes long-dead sessions and rate-limit counters; call from a periodic job. */
  prune(): Promise<void>;
}

export function createAuth(options: CreateAuthOptions): PortalAuth {
  const { db, config, logger } = options;
  const problems = authConfigProblems(config);
  if (problems.length > 0) throw new Error(`Invalid auth configuration:\n- ${problems.join('\n- ')}`);
  const ctx: AuthContext = {
    db,
    config,
    logger,
    now: options.now ?? (() => new Date()),
    lifetimes: { idleMinutes: config.idleMinutes, absoluteHours: config.absoluteHours },
  };
  const oidc = config.mode === 'oidc' && config.oidc ? createOidcSignIn(ctx, config.oidc) : null;
  // Discovery starts now; a failure is logged and retried by the first sign-in.
  oidc?.ready().catch(() => undefined);
  const loadSession = createLoadSession(ctx);
  const requireSameOrigin = createRequireSameOrigin(config);
  const actAsCompany = createActAsCompany(ctx);
  const router = createAuthRouter(ctx, {
    loadSession,
    requireSession,
    requireSameOrigin,
    requireSameOriginNavigation: createRequireSameOriginNavigation(config),
    signIn: createLocalSignIn(ctx),
    signOut: createSignOut(ctx),
    signOutRedirect: createSignOutRedirect(ctx, oidc),
    actAsCompany,
    staffCompanies: createStaffCompanies(ctx),
    oidc,
  });
  const { signInPerIp, signInPerAccountSource } = config.rateLimits;
  const longestWindow = Math.max(signInPerIp.windowSeconds, signInPerAccountSource.resetSeconds);
  return {
    router,
    loadSession,
    requireSession,
    requireSameOrigin,
    cors: createCors(config),
    actAsCompany,
    ready: async () => {
      await oidc?.ready();
    },
    prune: async () => {
      const now = ctx.now();
      await pruneSessions(db, now);
      await pruneRateLimits(db, now, longestWindow);
    },
  };
}

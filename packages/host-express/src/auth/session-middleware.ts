import type { Request, RequestHandler } from 'express';
import type { AuthContext } from './context.js';
import { problem } from '../http/problem.js';
import { clearSessionCookie, readCookie } from './session-cookie.js';
import { findLiveSession, sessionIdOf, touchSession } from './sessions.js';

/** Tokens are 43 characters; anything much longer is not ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

/** last_seen_at is written at most this often per session (and more often only for very short idle windows). */
export function touchIntervalMs(idleMinutes: number): number {
  return Math.min(60_000, (idleMinutes * 60_000) / 4);
}

/**
 * Reads the session cookie and sets `req.identity` when it names a live session. A dead cookie
 * (unknown, revoked, idle or past its absolute expiry, or its user disabled) is cleared and the
 * request goes on anonymous. Runs once per request, however often it is mounted.
 */
export function createLoadSession(ctx: AuthContext): RequestHandler {
  const loaded = new WeakSet<Request>();
  const touchEvery = touchIntervalMs(ctx.lifetimes.idleMinutes);
  return async (req, res, next) => {
    if (loaded.has(req)) return next();
    loaded.add(req);
    const token = readCookie(req, ctx.config.cookieName);
    if (!token) return next();
    const now = ctx.now();
    const live =
      token.length <= MAX_TOKEN_LENGTH
        ? await findLiveSession(ctx.db, sessionIdOf(token), now, ctx.lifetimes)
        : null;
    if (!live) {
      clearSessionCookie(req, res, ctx.config);
      return next();
    }
    if (now.getTime() - live.lastSeenAt.getTime() >= touchEvery) {
      await touchSession(ctx.db, live.identity.sessionId, now);
    }
    req.identity = live.identity;
    next();
  };
}

export const requireSession: RequestHandler = (req, res, next) => {
  if (req.identity) return next();
  problem(res, 401, 'Unauthorized', 'Sign in to continue.');
};

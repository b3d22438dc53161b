import { safeReturnTo } from '@client-portal/api-client';
import type { Request, RequestHandler, Response } from 'express';
import { writeAudit } from '../store/audit-log.js';
import { portalStartOf } from './config.js';
import type { AuthContext } from './context.js';
import { clearSessionCookie, readCookie } from './session-cookie.js';
import { revokeSession, sessionIdOf } from './sessions.js';
import type { OidcSignIn } from './sign-in-oidc.js';

/** Revokes the cookie's session (if any), clears the cookie and audits; returns the ended session's ID token. */
async function endSession(req: Request, res: Response, ctx: AuthContext): Promise<string | null> {
  const token = readCookie(req, ctx.config.cookieName);
  clearSessionCookie(req, res, ctx.config);
  res.set('Cache-Control', 'no-store');
  if (!token) return null;
  const now = ctx.now();
  const ended = await revokeSession(ctx.db, sessionIdOf(token), now);
  if (!ended) return null;
  await writeAudit(ctx.db, {
    action: 'auth.sign_out',
    at: now,
    actorUserId: ended.userId,
    companyId: req.identity?.companyId ?? null,
    ip: req.ip ?? null,
    detail: {},
  });
  delete req.identity;
  return ended.idToken;
}

/** POST /api/auth/logout: 204 whether or not there was a session. */
export function createSignOut(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    await endSession(req, res, ctx);
    res.status(204).end();
  };
}

/**
 * GET /api/auth/logout: ends the session, then goes through the IdP's end-session endpoint when it
 * offers one (OIDC mode), else to the safe `returnTo`.
 */
export function createSignOutRedirect(ctx: AuthContext, oidc: OidcSignIn | null): RequestHandler {
  return async (req, res) => {
    const idToken = await endSession(req, res, ctx);
    const idpLogout = oidc ? await oidc.endSessionUrl(idToken) : null;
    res.redirect(302, idpLogout?.href ?? safeReturnTo(req.query.returnTo, portalStartOf(ctx.config)));
  };
}

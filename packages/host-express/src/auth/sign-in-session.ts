import type { SessionUser } from '@client-portal/api-client';
import type { Request, Response } from 'express';
import { writeAudit } from '../store/audit-log.js';
import type { AuthContext } from './context.js';
import type { PortalIdentity } from './identity.js';
import { readCookie, setSessionCookie } from './session-cookie.js';
import { revokeSession, sessionIdOf, startSession } from './sessions.js';

export interface SignedInUser {
  id: string;
  email: string;
  display_name: string;
  company_id: string | null;
}

/** The contract's user shape (`sub` is the portal's own stable user id, in both auth modes). */
export function sessionUserOf(user: { id: string; email: string; name: string }): SessionUser {
  return { sub: user.id, email: user.email, name: user.name, picture: null };
}

export function sessionUserOfIdentity(identity: PortalIdentity): SessionUser {
  return {
    ...sessionUserOf({ id: identity.userId, email: identity.email, name: identity.name }),
    role: identity.role,
    companyId: identity.companyId,
  };
}

/**
 * A fresh session for a user who just proved who they are: always a new random token (never the
 * id a cookie brought along, which an attacker may have planted), and the session the browser held
 * before is revoked.
 */
export async function beginSession(
  req: Request,
  res: Response,
  ctx: AuthContext,
  user: SignedInUser,
  method: 'local' | 'oidc',
  idToken: string | null = null,
): Promise<void> {
  const now = ctx.now();
  const previous = readCookie(req, ctx.config.cookieName);
  if (previous) await revokeSession(ctx.db, sessionIdOf(previous), now);
  const session = await startSession(
    ctx.db,
    { userId: user.id, now, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null, idToken },
    ctx.lifetimes,
  );
  setSessionCookie(req, res, ctx.config, session.token, session.expiresAt);
  await writeAudit(ctx.db, {
    action: 'auth.sign_in',
    at: now,
    actorUserId: user.id,
    companyId: user.company_id,
    ip: req.ip ?? null,
    detail: { method },
  });
}

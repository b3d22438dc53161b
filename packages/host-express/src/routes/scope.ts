import type { Request, RequestHandler } from 'express';
import { problem } from '../http/problem.js';

/** The tenant a data route answers for, taken only from the session. */
export interface CallerScope {
  /** Every query filters on this. */
  companyId: string;
  /** The customer's CRM contact; null for staff acting for a company. */
  contactId: string | null;
  userId: string;
  /** The session row id (links handed out are bound to it). */
  sessionId: string;
  role: 'customer' | 'staff';
}

const scopes = new WeakMap<Request, CallerScope>();

/**
 * After `requireSession`: lets the request through only with a company to scope it to. A customer
 * always has one; provider staff have one once they chose a company (POST /api/auth/act-as),
 * and get 403 until then. Handlers read the scope with `scopeOf(req)`.
 */
export const requireCompany: RequestHandler = (req, res, next) => {
  const identity = req.identity;
  if (!identity) return problem(res, 401, 'Unauthorized', 'Sign in to continue.');
  if (!identity.companyId) {
    return problem(res, 403, 'Forbidden', 'Choose a company to act for first (POST /api/auth/act-as).');
  }
  scopes.set(req, {
    companyId: identity.companyId,
    contactId: identity.role === 'customer' ? identity.contactId : null,
    userId: identity.userId,
    sessionId: identity.sessionId,
    role: identity.role,
  });
  next();
};

/**
 * After `requireSession`: lets provider staff through, whatever company they act for (none needed),
 * and answers customers 403. The role comes only from the session.
 */
export const requireStaff: RequestHandler = (req, res, next) => {
  const identity = req.identity;
  if (!identity) return problem(res, 401, 'Unauthorized', 'Sign in to continue.');
  if (identity.role !== 'staff') return problem(res, 403, 'Forbidden', 'Only provider staff can see this.');
  next();
};

/** The scope `requireCompany` set; throws if a route forgot the middleware (a bug, answered 500). */
export function scopeOf(req: Request): CallerScope {
  const scope = scopes.get(req);
  if (!scope) throw new Error('scopeOf(): the route does not use requireCompany');
  return scope;
}

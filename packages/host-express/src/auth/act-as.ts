import type { RequestHandler } from 'express';
import { actAsRequestSchema, actAsResponseSchema } from '@client-portal/api-client';
import { writeAudit } from '../store/audit-log.js';
import type { AuthContext } from './context.js';
import { invalidRequest, problem } from '../http/problem.js';
import { sendNoStoreJson } from '../http/send-json.js';
import { precompiled } from '../store/precompiled.js';
import { setActingCompany } from './sessions.js';

const allCompanies = precompiled([], (db) =>
  db.selectFrom('companies').select(['id', 'name']).orderBy('name').orderBy('id'),
);

/**
 * Staff choose the company they act for; the choice lives on the session row (so it ends with the
 * session) and every switch is audited. Customers get 403, unknown companies 404.
 */
export function createActAsCompany(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    const identity = req.identity;
    if (!identity) {
      problem(res, 401, 'Unauthorized', 'Sign in to continue.');
      return;
    }
    if (identity.role !== 'staff') {
      problem(res, 403, 'Forbidden', 'Only provider staff can act for a company.');
      return;
    }
    const parsed = actAsRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      invalidRequest(res, parsed.error, 'body');
      return;
    }
    const { companyId } = parsed.data;
    const company = companyId
      ? await ctx.db
          .selectFrom('companies')
          .select(['id', 'name'])
          .where('id', '=', companyId)
          .executeTakeFirst()
      : null;
    if (companyId && !company) {
      problem(res, 404, 'Not Found', 'There is no such company.');
      return;
    }
    await setActingCompany(ctx.db, identity.sessionId, company?.id ?? null);
    await writeAudit(ctx.db, {
      action: 'auth.act_as',
      at: ctx.now(),
      actorUserId: identity.userId,
      companyId: company?.id ?? null,
      ip: req.ip ?? null,
      detail: { from: identity.companyId, to: company?.id ?? null },
    });
    req.identity = { ...identity, companyId: company?.id ?? null };
    res.set('Cache-Control', 'no-store');
    res.json(
      actAsResponseSchema.parse({ companyId: company?.id ?? null, companyName: company?.name ?? null }),
    );
  };
}

/** GET /api/auth/companies: the companies staff may act for (all of them, by name); 403 for customers. */
export function createStaffCompanies(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    if (req.identity?.role !== 'staff') {
      problem(res, 403, 'Forbidden', 'Only provider staff can act for a company.');
      return;
    }
    sendNoStoreJson(res, { companies: await allCompanies(ctx.db, {}) });
  };
}

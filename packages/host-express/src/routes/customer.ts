import { routes } from '@client-portal/api-client';
import { type Router, Router as createRouter } from 'express';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { sendNoStoreJson as send } from '../http/send-json.js';
import { loadAccountManager, loadProfile } from './customer/profile.js';
import { loadCrm, loadTeams } from './customer/subscriptions.js';
import { isContactOfCompany, loadAvailableTalent, loadTalentAssociations } from './customer/talent.js';
import { routeMounter, sendKept } from './mount.js';

/**
 * The customer's routes: profile, CRM (subscriptions and projects), talent, teams and account
 * manager. Every answer is for the session's company; the bodies of POST /api/profile and
 * /api/hubspot are the original portal's and are validated but never read.
 */
export function createCustomerRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const mount = routeMounter(ctx, router);

  mount(routes.profile, async (_req, res, _input, scope) => {
    const profile = await loadProfile(db, scope);
    if (!profile) return problem(res, 404, 'Not Found', 'No CRM contact is linked to this account.');
    send(res, profile);
  });

  mount(routes.crm, async (_req, res, _input, scope) => {
    send(res, await loadCrm(db, scope.companyId));
  });

  // Talent and teams are computed from several tables (ordered with the collator), and kept by the
  // response cache while the company's data is unchanged; they stay no-store for the browser.
  mount(routes.talent, async (req, res, _input, scope) => {
    await sendKept(ctx, req, res, { key: ['talent'], caching: 'no-store' }, () =>
      loadAvailableTalent(db, scope.companyId),
    );
  });

  mount(routes.talentAssociations, async (_req, res, { body }, scope) => {
    // CRM ids used to travel as numbers; ids are compared as strings.
    const contactId = String(body.contactId);
    // A customer may ask only about their own contact. Staff act for a whole company, not as one
    // of its people, so any contact of the company they act for is theirs to look at. Anything
    // else is 404, the same answer as for an id that does not exist.
    const allowed =
      (scope.role === 'staff' || contactId === scope.contactId) &&
      (await isContactOfCompany(db, scope.companyId, contactId));
    if (!allowed) return problem(res, 404, 'Not Found', 'There is no such contact.');
    send(res, await loadTalentAssociations(db, scope.companyId, contactId));
  });

  mount(routes.teams, async (req, res, _input, scope) => {
    await sendKept(ctx, req, res, { key: ['teams'], caching: 'no-store' }, () =>
      loadTeams(db, scope.companyId),
    );
  });

  mount(routes.accountManager, async (_req, res, _input, scope) => {
    send(res, await loadAccountManager(db, scope));
  });

  return router;
}

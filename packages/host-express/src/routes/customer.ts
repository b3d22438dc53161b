import { routes } from '@client-portal/api-client';
import { type Request, type Response, type Router, Router as createRouter } from 'express';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { sendNoStoreJson } from '../http/send-json.js';
import { validate } from '../http/validate.js';
import { loadAccountManager, loadProfile } from './customer/profile.js';
import { loadCrm, loadTeams } from './customer/subscriptions.js';
import { isContactOfCompany, loadAvailableTalent, loadTalentAssociations } from './customer/talent.js';
import { requireCompany, scopeOf } from './scope.js';

/** The contract's path under the /api router this module is mounted on. */
const pathOf = (route: { path: string }) => route.path.replace(/^\/api/, '');

const send = sendNoStoreJson;

/**
 * The customer's routes: profile, CRM (subscriptions and projects), talent, teams and account
 * manager. Every answer is for the session's company (`scopeOf(req).companyId`); the bodies of
 * POST /api/profile and /api/hubspot are the seed's and are validated but never read.
 */
export function createCustomerRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const guard = [ctx.auth.requireSession, requireCompany];

  router.post(pathOf(routes.profile), ...guard, validate(routes.profile), async (req, res) => {
    const profile = await loadProfile(db, scopeOf(req));
    if (!profile) return problem(res, 404, 'Not Found', 'No CRM contact is linked to this account.');
    send(res, profile);
  });

  router.post(pathOf(routes.crm), ...guard, validate(routes.crm), async (req, res) => {
    send(res, await loadCrm(db, scopeOf(req).companyId));
  });

  // The GET routes (talent, teams, account manager) take no input, so there is nothing to validate
  // (their contract objects hold no request schema for `validate()`); query strings are ignored.
  // Talent and teams are computed from several tables (ordered with the collator), and kept by the
  // response cache while the company's data is unchanged; they stay no-store for the browser.
  const cached = (
    req: Request,
    res: Response,
    key: string,
    load: (companyId: string) => Promise<unknown>,
  ) => {
    const { companyId } = scopeOf(req);
    return ctx.responses.send(req, res, { companyId, key, caching: 'no-store' }, () => load(companyId));
  };

  router.get(pathOf(routes.talent), ...guard, async (req, res) => {
    await cached(req, res, 'talent', (companyId) => loadAvailableTalent(db, companyId));
  });

  const associations = validate(routes.talentAssociations);
  router.post(pathOf(routes.talentAssociations), ...guard, associations, async (req, res) => {
    const scope = scopeOf(req);
    // The seed passed CRM ids as numbers; ids are compared as strings.
    const contactId = String(associations.input(req).body.contactId);
    // A customer may ask only about their own contact. Staff act for a whole company, not as one
    // of its people, so any contact of the company they act for is theirs to look at. Anything
    // else is 404, the same answer as for an id that does not exist.
    const allowed =
      (scope.role === 'staff' || contactId === scope.contactId) &&
      (await isContactOfCompany(db, scope.companyId, contactId));
    if (!allowed) return problem(res, 404, 'Not Found', 'There is no such contact.');
    send(res, await loadTalentAssociations(db, scope.companyId, contactId));
  });

  router.get(pathOf(routes.teams), ...guard, async (req, res) => {
    await cached(req, res, 'teams', (companyId) => loadTeams(db, companyId));
  });

  router.get(pathOf(routes.accountManager), ...guard, async (req, res) => {
    send(res, await loadAccountManager(db, scopeOf(req)));
  });

  return router;
}

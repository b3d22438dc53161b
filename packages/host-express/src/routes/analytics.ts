import {
  type AnyRoute,
  type DateRange,
  MAX_RANGE_DAYS,
  resolveAnalyticsRange,
  routes,
} from '@client-portal/api-client';
import { type Response, type Router, Router as createRouter } from 'express';
import { aiUsage } from '../analytics/ai-usage-queries.js';
import { projectCard, projectDelivery } from '../analytics/delivery-queries.js';
import { doraHeadline, doraMetrics } from '../analytics/dora.js';
import {
  analyticsProjects,
  isCompanyProject,
  projectOrganisations,
  projectRepositories,
  visibleProjects,
} from '../analytics/project-queries.js';
import { projectAnalytics } from '../analytics/project-summary.js';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { sendRevalidatedJson } from '../http/send-json.js';
import { validate } from '../http/validate.js';
import { requireCompany, scopeOf } from './scope.js';

/** The contract's path as Express writes it: mounted under /api, `{param}` → `:param`. */
const pathOf = (route: AnyRoute) => route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/** The same answer for "not there" and "another company's": existence is never confirmed. */
const notFound = (res: Response, what = 'No such project for this company.') =>
  problem(res, 404, 'Not Found', what);

/**
 * Delivery analytics (contract: api-client routes/analytics.ts): the project lists, the project
 * card, GitHub organisations and repositories, DORA metrics and AI-assistant usage, computed from
 * the store's event tables (research/delivery-analytics.md §3) and scoped to the caller's company.
 */
export function createAnalyticsRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const guard = [ctx.auth.requireSession, requireCompany];

  /** The range with the contract's defaults, or a 400 for one it refuses (backwards, too long). */
  function rangeOf(query: { from?: string; to?: string }, res: Response): DateRange | null {
    const range = resolveAnalyticsRange(query, ctx.now());
    if (range) return range;
    const backwards = !query.from || !query.to || query.from > query.to;
    const message = backwards
      ? '`from` must not be after `to` (default: today)'
      : `The range may span at most ${MAX_RANGE_DAYS} days`;
    problem(res, 400, 'Bad Request', 'The query string is invalid.', 'about:blank', [
      { path: 'from', message },
    ]);
    return null;
  }

  // These two take no parameters, so there is nothing to validate (validate() needs a schema).
  router.get(pathOf(routes.projects), ...guard, async (req, res) => {
    sendRevalidatedJson(req, res, { data: await visibleProjects(db, scopeOf(req).companyId) });
  });

  router.get(pathOf(routes.analyticsProjects), ...guard, async (req, res) => {
    sendRevalidatedJson(req, res, { projects: await analyticsProjects(db, scopeOf(req).companyId) });
  });

  const card = validate(routes.projectAnalytics);
  router.get(pathOf(routes.projectAnalytics), ...guard, card, async (req, res) => {
    const { params, query } = card.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    const delivery = await projectCard(db, scopeOf(req).companyId, params.projectKey, range);
    if (!delivery) return notFound(res);
    const { project, days, activity, aiTools } = delivery;
    sendRevalidatedJson(
      req,
      res,
      projectAnalytics({ project, range, activity, headline: doraHeadline(days, range), aiTools }),
    );
  });

  const organisations = validate(routes.githubOrganisations);
  router.get(pathOf(routes.githubOrganisations), ...guard, organisations, async (req, res) => {
    const { projectId } = organisations.input(req).query;
    const { companyId } = scopeOf(req);
    // The list holds rows only for the caller's own project, so the existence check (another
    // company's id → 404) is needed only when it is empty.
    const data = await projectOrganisations(db, { companyId, projectId });
    if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return notFound(res);
    sendRevalidatedJson(req, res, { data });
  });

  const repositories = validate(routes.githubRepositories);
  router.get(pathOf(routes.githubRepositories), ...guard, repositories, async (req, res) => {
    const { projectId } = repositories.input(req).query;
    const { companyId } = scopeOf(req);
    // The list holds rows only for the caller's own project, so the existence check (another
    // company's id → 404) is needed only when it is empty.
    const data = await projectRepositories(db, { companyId, projectId });
    if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return notFound(res);
    sendRevalidatedJson(req, res, { data });
  });

  const dora = validate(routes.dora);
  router.get(pathOf(routes.dora), ...guard, dora, async (req, res) => {
    const { query } = dora.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    const delivery = await projectDelivery(db, scopeOf(req).companyId, query.projectKey, range);
    if (!delivery) return notFound(res);
    sendRevalidatedJson(
      req,
      res,
      doraMetrics(delivery.project.jiraKey, delivery.days, range, query.grain ?? 'week'),
    );
  });

  const ai = validate(routes.aiUsage);
  router.get(pathOf(routes.aiUsage), ...guard, ai, async (req, res) => {
    const { query } = ai.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    const usage = await aiUsage(db, scopeOf(req).companyId, query.jiraProjectKey, range);
    if (!usage) return notFound(res, 'No AI usage data for this project.');
    sendRevalidatedJson(req, res, usage);
  });

  return router;
}

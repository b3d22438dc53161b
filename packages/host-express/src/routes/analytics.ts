import {
  type AnyRoute,
  type DateRange,
  MAX_RANGE_DAYS,
  resolveAnalyticsRange,
  routes,
} from '@client-portal/api-client';
import { type Request, type Response, type Router, Router as createRouter } from 'express';
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

  /**
   * Sends the answer `compute` gives (null: 404) through the response cache: analytics are a
   * function of the company's data and `key` (the route and its resolved inputs), served again
   * while that data is unchanged.
   */
  async function answer(
    req: Request,
    res: Response,
    key: readonly unknown[],
    compute: () => Promise<unknown>,
    missing?: string,
  ): Promise<void> {
    const request = {
      companyId: scopeOf(req).companyId,
      key: JSON.stringify(key),
      caching: 'revalidate',
    } as const;
    if (!(await ctx.responses.send(req, res, request, compute))) notFound(res, missing);
  }

  // These two take no parameters, so there is nothing to validate (validate() needs a schema).
  router.get(pathOf(routes.projects), ...guard, async (req, res) => {
    await answer(req, res, ['projects'], async () => ({
      data: await visibleProjects(db, scopeOf(req).companyId),
    }));
  });

  router.get(pathOf(routes.analyticsProjects), ...guard, async (req, res) => {
    await answer(req, res, ['analyticsProjects'], async () => ({
      projects: await analyticsProjects(db, scopeOf(req).companyId),
    }));
  });

  const card = validate(routes.projectAnalytics);
  router.get(pathOf(routes.projectAnalytics), ...guard, card, async (req, res) => {
    const { params, query } = card.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    await answer(req, res, ['card', params.projectKey, range.from, range.to], async () => {
      const delivery = await projectCard(db, scopeOf(req).companyId, params.projectKey, range);
      if (!delivery) return null;
      const { project, days, activity, aiTools } = delivery;
      return projectAnalytics({ project, range, activity, headline: doraHeadline(days, range), aiTools });
    });
  });

  const organisations = validate(routes.githubOrganisations);
  router.get(pathOf(routes.githubOrganisations), ...guard, organisations, async (req, res) => {
    const { projectId } = organisations.input(req).query;
    await answer(req, res, ['organisations', projectId], async () => {
      const { companyId } = scopeOf(req);
      // The list holds rows only for the caller's own project, so the existence check (another
      // company's id → 404) is needed only when it is empty.
      const data = await projectOrganisations(db, { companyId, projectId });
      if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return null;
      return { data };
    });
  });

  const repositories = validate(routes.githubRepositories);
  router.get(pathOf(routes.githubRepositories), ...guard, repositories, async (req, res) => {
    const { projectId } = repositories.input(req).query;
    await answer(req, res, ['repositories', projectId], async () => {
      const { companyId } = scopeOf(req);
      // As for organisations: the existence check only when the list is empty.
      const data = await projectRepositories(db, { companyId, projectId });
      if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return null;
      return { data };
    });
  });

  const dora = validate(routes.dora);
  router.get(pathOf(routes.dora), ...guard, dora, async (req, res) => {
    const { query } = dora.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    const grain = query.grain ?? 'week';
    await answer(req, res, ['dora', query.projectKey, range.from, range.to, grain], async () => {
      const delivery = await projectDelivery(db, scopeOf(req).companyId, query.projectKey, range);
      return delivery && doraMetrics(delivery.project.jiraKey, delivery.days, range, grain);
    });
  });

  const ai = validate(routes.aiUsage);
  router.get(pathOf(routes.aiUsage), ...guard, ai, async (req, res) => {
    const { query } = ai.input(req);
    const range = rangeOf(query, res);
    if (!range) return;
    await answer(
      req,
      res,
      ['aiUsage', query.jiraProjectKey, range.from, range.to],
      () => aiUsage(db, scopeOf(req).companyId, query.jiraProjectKey, range),
      'No AI usage data for this project.',
    );
  });

  return router;
}

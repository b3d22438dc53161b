import {
  type DateRange,
  dayOf,
  INPUT_RULE_MESSAGES,
  parseDay,
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
import { type KeptAnswer, routeMounter, sendKept } from './mount.js';

/**
 * Delivery analytics (contract: api-client routes/analytics.ts): the project lists, the project
 * card, GitHub organisations and repositories, DORA metrics and AI-assistant usage, computed from
 * the store's event tables and scoped to the caller's company. Another company's project answers
 * the same 404 as one that does not exist.
 */
export function createAnalyticsRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  /**
   * The range with the contract's defaults. The request schema checked a range with both ends
   * given; one with a defaulted end (`to` = today, `from` = `to` − 89 days) is checked here: 400
   * when it runs backwards or is longer than the contract allows.
   */
  function rangeOf(query: { from?: string; to?: string }, res: Response): DateRange | null {
    const range = resolveAnalyticsRange(query, ctx.now());
    if (range) return range;
    const from = query.from === undefined ? null : parseDay(query.from);
    const to = query.to === undefined ? dayOf(ctx.now()) : parseDay(query.to);
    const backwards = from !== null && to !== null && from > to;
    problem(res, 400, 'Bad Request', 'The query string is invalid.', 'about:blank', [
      { path: 'from', message: backwards ? INPUT_RULE_MESSAGES.rangeOrder : INPUT_RULE_MESSAGES.rangeSpan },
    ]);
    return null;
  }

  const mount = routeMounter(ctx, router);
  /** Analytics are kept while the company's data is unchanged; the browser revalidates (ETag). */
  const answer = (
    req: Request,
    res: Response,
    key: readonly unknown[],
    compute: () => Promise<unknown>,
    missing = 'No such project for this company.',
  ) => sendKept(ctx, req, res, { key, caching: 'revalidate', missing } satisfies KeptAnswer, compute);

  mount(routes.projects, async (req, res, _input, { companyId }) => {
    await answer(req, res, ['projects'], async () => ({ data: await visibleProjects(db, companyId) }));
  });

  mount(routes.analyticsProjects, async (req, res, _input, { companyId }) => {
    await answer(req, res, ['analyticsProjects'], async () => ({
      projects: await analyticsProjects(db, companyId),
    }));
  });

  mount(routes.projectAnalytics, async (req, res, { params, query }, { companyId }) => {
    const range = rangeOf(query, res);
    if (!range) return;
    await answer(req, res, ['card', params.projectKey, range.from, range.to], async () => {
      const delivery = await projectCard(db, companyId, params.projectKey, range);
      if (!delivery) return null;
      const { project, days, activity, aiTools } = delivery;
      return projectAnalytics({ project, range, activity, headline: doraHeadline(days, range), aiTools });
    });
  });

  mount(routes.githubOrganisations, async (req, res, { query: { projectId } }, { companyId }) => {
    await answer(req, res, ['organisations', projectId], async () => {
      // The list holds rows only for the caller's own project, so the existence check (another
      // company's id → 404) is needed only when it is empty.
      const data = await projectOrganisations(db, { companyId, projectId });
      if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return null;
      return { data };
    });
  });

  mount(routes.githubRepositories, async (req, res, { query: { projectId } }, { companyId }) => {
    await answer(req, res, ['repositories', projectId], async () => {
      // As for organisations: the existence check only when the list is empty.
      const data = await projectRepositories(db, { companyId, projectId });
      if (data.length === 0 && !(await isCompanyProject(db, companyId, projectId))) return null;
      return { data };
    });
  });

  mount(routes.dora, async (req, res, { query }, { companyId }) => {
    const range = rangeOf(query, res);
    if (!range) return;
    const grain = query.grain ?? 'week';
    await answer(req, res, ['dora', query.projectKey, range.from, range.to, grain], async () => {
      const delivery = await projectDelivery(db, companyId, query.projectKey, range);
      return delivery && doraMetrics(delivery.project.jiraKey, delivery.days, range, grain);
    });
  });

  mount(routes.aiUsage, async (req, res, { query }, { companyId }) => {
    const range = rangeOf(query, res);
    if (!range) return;
    await answer(
      req,
      res,
      ['aiUsage', query.jiraProjectKey, range.from, range.to],
      () => aiUsage(db, companyId, query.jiraProjectKey, range),
      'No AI usage data for this project.',
    );
  });

  return router;
}

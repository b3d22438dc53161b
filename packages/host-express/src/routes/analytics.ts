import {
  type DateRange,
  DORA_EVENTS_PAGE_SIZE,
  dayOf,
  doraEventList,
  doraHeadline,
  INPUT_RULE_MESSAGES,
  parseDay,
  previousRange,
  resolveAnalyticsRange,
  routes,
} from '@client-portal/api-client';
import { type Request, type Response, type Router, Router as createRouter } from 'express';
import { aiUsage } from '../analytics/ai-usage-queries.js';
import { projectCard } from '../analytics/delivery-queries.js';
import { projectDora } from '../analytics/dora.js';
import { doraEvents } from '../analytics/dora-events.js';
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
import { prepareJson, sendPreparedJson } from '../http/send-json.js';
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
  /**
   * Analytics are kept while their data is unchanged (the company's, or for a project's delivery
   * answers its project's and range's: `project`); the browser revalidates (ETag). Kept because it
   * measured: DORA of the demo's PORTAL on PostgreSQL served 16.0 % of bare Express with the cache
   * (708 µs host + 293 µs database CPU a request) against 11.4 % without (1,198 + 351 µs).
   */
  const answer = (
    req: Request,
    res: Response,
    key: readonly unknown[],
    compute: () => Promise<unknown>,
    missing = 'No such project for this company.',
    project?: KeptAnswer['project'],
  ) =>
    sendKept(
      ctx,
      req,
      res,
      { key, caching: 'revalidate', missing, ...(project ? { project } : {}) } satisfies KeptAnswer,
      compute,
    );

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
    await answer(
      req,
      res,
      ['card', params.projectKey, range.from, range.to],
      async () => {
        const delivery = await projectCard(db, companyId, params.projectKey, range);
        if (!delivery) return null;
        const { project, days, activity, aiTools } = delivery;
        return projectAnalytics({ project, range, activity, headline: doraHeadline(days, range), aiTools });
      },
      undefined,
      { jiraKey: params.projectKey, ...range },
    );
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
    const benchmark = query.benchmark ?? 'dora-2023';
    // It reads the days of the previous range too (the period-over-period change).
    const days = { from: previousRange(range)?.from ?? range.from, to: range.to };
    await answer(
      req,
      res,
      ['dora', query.projectKey, range.from, range.to, grain, benchmark],
      () => projectDora(db, companyId, { projectKey: query.projectKey, range, grain, benchmark }),
      undefined,
      { jiraKey: query.projectKey, ...days },
    );
  });

  // Not kept by the response cache: the rows come from the event tables, whose every update (a
  // pull request linked, an incident attributed) the read versions do not follow.
  mount(routes.doraEvents, async (req, res, { params, query }, { companyId }) => {
    const range = rangeOf(query, res);
    if (!range) return;
    const list = doraEventList(params.metric, query.list);
    if (list === null) {
      problem(res, 400, 'Bad Request', 'The query string is invalid.', 'about:blank', [
        { path: 'list', message: `is not a list of ${params.metric}` },
      ]);
      return;
    }
    const page = await doraEvents(db, companyId, {
      projectKey: params.projectKey,
      metric: params.metric,
      list,
      range,
      page: Number(query.page ?? 1),
      pageSize: Number(query.pageSize ?? DORA_EVENTS_PAGE_SIZE),
    });
    if (!page) {
      problem(res, 404, 'Not Found', 'No such project for this company.');
      return;
    }
    sendPreparedJson(req, res, prepareJson(page), 'revalidate');
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

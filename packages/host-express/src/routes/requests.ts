import { routes, statusText } from '@client-portal/api-client';
import { type RequestHandler, type Response, type Router, Router as createRouter } from 'express';
import type { RateLimitRule } from '../auth/index.js';
import { hitRateLimit } from '../auth/rate-limits.js';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { sendNoStoreJson } from '../http/send-json.js';
import { validate } from '../http/validate.js';
import { actorOf, staffActorOf } from '../requests/actor.js';
import { exportFileName, requestsCsv } from '../requests/export.js';
import { requestMeta, staffQueueOptions } from '../requests/meta.js';
import { loadPeople } from '../requests/people.js';
import type { Actor } from '../requests/status.js';
import {
  addComment,
  addParticipant,
  createRequest,
  exportRequests,
  findRequestIdByKey,
  listRequests,
  type RequestChanges,
  type RequestFilters,
  RequestNotFoundError,
  removeParticipant,
  setDefaultVisibility,
  staffQueue,
  transitionRequest,
  updateRequest,
} from '../requests/store.js';
import type { RequestTypeSpec } from '../requests/types.js';
import { ATTACHMENT_TYPES, requestDetail, requestHistory, requestSummaries } from '../requests/views.js';
import { expressPath, routeMounter } from './mount.js';
import {
  BadInput,
  expectedVersion,
  filtersOf,
  listFiltersOf,
  NOT_FOUND,
  pagingOf,
  sendStoreError,
} from './request-input.js';
import { requireStaff } from './scope.js';

/**
 * The requests tracker (issue #18; the contract's `requestRoutes`, but for the attachments routes,
 * which ./request-attachments.ts serves):
 *
 *   GET  /api/requests/meta              types, colleagues, subscriptions, projects, limits
 *   GET  /api/requests                   the caller's list (scope mine|company, filters, paging)
 *   POST /api/requests                   file a request (30 per user per 10 minutes)
 *   GET  /api/requests/export.csv        the same list as CSV (company admin and staff)
 *   POST /api/requests/settings          the company's default visibility (company admin and staff)
 *   GET  /api/requests/{key}             one request with its timeline (ETag: its version)
 *   POST /api/requests/{key}/actions     a status action (If-Match)
 *   POST /api/requests/{key}/update      assignee, dates, priority, visibility (If-Match)
 *   POST /api/requests/{key}/comments    a comment or internal note (60 per user per minute)
 *   POST /api/requests/{key}/participants  add or remove a colleague
 *   GET  /api/requests/{key}/history     every change (company admin and staff)
 *   GET  /api/staff/requests             the queue across companies (staff, acting for one or not)
 *   GET  /api/staff/requests/options     the queue's filters: every type and assignable staff member
 *
 * The company routes go through routeMounter (session, a company, the contract's validation); the
 * actor is read from the session (requests/actor.ts) and the store applies tenancy and visibility.
 * A key of another company, unknown, or not the caller's to see is 404, always the same answer after
 * the same work (one query that applies the visibility rule, store.ts findRequestIdByKey).
 * Every answer is no-store; a request's answers carry `ETag: "<version>"`, which a change must
 * send back as If-Match (412 when stale, 400 when missing).
 */

/** Per user; the DB-backed counters are shared by every host instance. */
export const CREATE_RATE_LIMIT: RateLimitRule = { max: 30, windowSeconds: 600 };
export const COMMENT_RATE_LIMIT: RateLimitRule = { max: 60, windowSeconds: 60 };

async function rateLimited(
  ctx: HostContext,
  res: Response,
  key: string,
  rule: RateLimitRule,
  what: string,
): Promise<boolean> {
  const verdict = await hitRateLimit(ctx.store.db, key, rule, ctx.now());
  if (verdict.allowed) return false;
  res.set('Retry-After', String(verdict.retryAfterSeconds));
  problem(res, 429, statusText(429), `Too many ${what}. Try again in ${verdict.retryAfterSeconds} s.`);
  return true;
}

export function createRequestRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const mount = routeMounter(ctx, router);
  const types: readonly RequestTypeSpec[] = ctx.config.requests.types;
  const options = () => ({ now: ctx.now(), types });

  /**
   * The request named by the key if the actor may see it, or a 404 sent: one query either way, so
   * a request the actor may not see costs what an unknown key does (findRequestIdByKey).
   */
  async function requestIdOf(actor: Actor, key: string, res: Response): Promise<string | null> {
    const id = await findRequestIdByKey(db, actor, key);
    if (!id) problem(res, 404, statusText(404), NOT_FOUND);
    return id;
  }

  async function sendDetail(res: Response, actor: Actor, id: string, status = 200): Promise<void> {
    const detail = await requestDetail(db, actor, id, options());
    res.status(status);
    res.setHeader('ETag', `"${detail.version}"`);
    sendNoStoreJson(res, detail);
  }

  mount(routes.requestMeta, async (_req, res, _input, scope) => {
    const actor = await actorOf(db, scope);
    sendNoStoreJson(
      res,
      await requestMeta(db, actor, scope.companyId, ctx.config, ATTACHMENT_TYPES, options()),
    );
  });

  mount(routes.requests, async (_req, res, { query }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      const filters = listFiltersOf(actor, query, types, 'mine');
      const { page, pageSize, offset } = pagingOf(query);
      const found = await listRequests(db, actor, filters, { limit: pageSize, offset }, options());
      const items = await requestSummaries(db, actor, found.items, options());
      sendNoStoreJson(res, { items, page, pageSize, hasMore: found.nextOffset !== null });
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.createRequest, async (_req, res, { body }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      if (
        await rateLimited(
          ctx,
          res,
          `request.create:user:${scope.userId}`,
          CREATE_RATE_LIMIT,
          'requests filed',
        )
      ) {
        return;
      }
      if (actor.kind === 'customer' && body.requesterId !== undefined && body.requesterId !== actor.userId) {
        return problem(res, 403, statusText(403), 'Only provider staff file a request for someone else.');
      }
      let linkedRequestId: string | null = null;
      if (body.linkedRequestKey) {
        linkedRequestId = await findRequestIdByKey(db, actor, body.linkedRequestKey);
        if (!linkedRequestId) return problem(res, 404, statusText(404), 'The linked request was not found.');
      }
      const created = await createRequest(
        db,
        actor,
        {
          type: body.type,
          title: body.title,
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.fields !== undefined ? { fields: body.fields } : {}),
          subscriptionId: body.subscriptionId ?? null,
          projectId: body.projectId ?? null,
          linkedRequestId,
          ...(body.requesterId !== undefined ? { requesterId: body.requesterId } : {}),
          ...(body.priority !== undefined ? { priority: body.priority } : {}),
          ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
        },
        options(),
      );
      res.setHeader('Location', `${_req.baseUrl}/requests/${created.key}`);
      await sendDetail(res, actor, created.id, 201);
    } catch (error) {
      sendStoreError(res, error, true);
    }
  });

  // Before /requests/{key}: these paths would otherwise be read as a key (and refused as one).
  mount(routes.requestsExport, async (_req, res, { query }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      if (actor.kind === 'customer' && !actor.admin) {
        return problem(
          res,
          403,
          statusText(403),
          'Only the company admin and provider staff export requests.',
        );
      }
      const filters = listFiltersOf(actor, query, types, 'company');
      const now = ctx.now();
      const [views, company] = await Promise.all([
        exportRequests(db, actor, filters, options()),
        db.selectFrom('companies').select('name').where('id', '=', scope.companyId).executeTakeFirst(),
      ]);
      const people = await loadPeople(
        db,
        views.flatMap((v) => [v.requesterId, v.assigneeId]),
      );
      const csv = requestsCsv(views, people, types);
      const fileName = exportFileName(company?.name ?? scope.companyId, now);
      res
        .status(200)
        .set('Cache-Control', 'no-store')
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="${fileName}"`)
        .set('X-Content-Type-Options', 'nosniff')
        .send(csv);
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.requestSettings, async (_req, res, { body }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      await setDefaultVisibility(db, actor, body.defaultVisibility);
      sendNoStoreJson(res, { defaultVisibility: body.defaultVisibility });
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.request, async (_req, res, { params }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (id) await sendDetail(res, actor, id);
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.requestAction, async (req, res, { params, body }, scope) => {
    try {
      // If-Match is input like the body: checked before the key is looked up.
      const version = expectedVersion(req, res);
      if (version === null) return;
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (!id) return;
      const comment = body.comment?.trim();
      if (
        comment &&
        (await rateLimited(ctx, res, `request.comment:user:${scope.userId}`, COMMENT_RATE_LIMIT, 'comments'))
      ) {
        return;
      }
      await db.transaction().execute(async (trx) => {
        await transitionRequest(trx, actor, id, body.action, { ...options(), expectedVersion: version });
        if (comment) await addComment(trx, actor, id, { body: comment }, options());
      });
      await sendDetail(res, actor, id);
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.updateRequest, async (req, res, { params, body }, scope) => {
    try {
      const version = expectedVersion(req, res);
      if (version === null) return;
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (!id) return;
      const changes: RequestChanges = {};
      if (body.assigneeId !== undefined) changes.assigneeId = body.assigneeId;
      if (body.dueAt !== undefined) {
        // A due date is a day: due by its end (UTC).
        changes.due =
          body.dueAt === null
            ? null
            : { at: new Date(`${body.dueAt}T23:59:59.999Z`), source: body.dueSource ?? 'agreed' };
      } else if (body.dueSource !== undefined) {
        throw new BadInput([{ path: 'dueSource', message: 'Send dueSource with a dueAt.' }]);
      }
      if (body.nextCheckIn !== undefined) changes.nextCheckIn = body.nextCheckIn;
      if (body.priority !== undefined) changes.priority = body.priority;
      if (body.visibility !== undefined) changes.visibility = body.visibility;
      await updateRequest(db, actor, id, changes, { ...options(), expectedVersion: version });
      await sendDetail(res, actor, id);
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.requestComment, async (_req, res, { params, body }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (!id) return;
      if (
        await rateLimited(ctx, res, `request.comment:user:${scope.userId}`, COMMENT_RATE_LIMIT, 'comments')
      ) {
        return;
      }
      await addComment(db, actor, id, { body: body.body, internal: body.internal === true }, options());
      await sendDetail(res, actor, id);
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.requestParticipant, async (_req, res, { params, body }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (!id) return;
      if (body.remove === true) await removeParticipant(db, actor, id, body.userId, options());
      else await addParticipant(db, actor, id, body.userId, options());
      // Removing oneself from a participants-only request can end one's right to see it.
      try {
        await sendDetail(res, actor, id);
      } catch (error) {
        if (!(error instanceof RequestNotFoundError)) throw error;
        problem(res, 404, statusText(404), 'You no longer take part in this request.');
      }
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  mount(routes.requestHistory, async (_req, res, { params }, scope) => {
    try {
      const actor = await actorOf(db, scope);
      const id = await requestIdOf(actor, params.key, res);
      if (!id) return;
      // 404 before 403 (requestIdOf): whether the request exists is not told to someone who may
      // not see it.
      if (actor.kind === 'customer' && !actor.admin) {
        return problem(
          res,
          403,
          statusText(403),
          'Only the company admin and provider staff read the history.',
        );
      }
      sendNoStoreJson(res, await requestHistory(db, actor, id, options()));
    } catch (error) {
      sendStoreError(res, error);
    }
  });

  // The queue: staff whether or not they act for a company (no requireCompany), customers 403.
  const queueInput = validate(routes.staffRequestQueue);
  const queue: RequestHandler = async (req, res) => {
    const identity = req.identity;
    const actor = identity ? staffActorOf(identity) : null;
    if (actor?.kind !== 'staff')
      return problem(res, 403, statusText(403), 'Only provider staff can see this.');
    const { query } = queueInput.input(req);
    try {
      const filters: RequestFilters = filtersOf(actor, query, types);
      if (query.companyId) filters.companyId = query.companyId;
      if (query.assignee === 'me') filters.assigneeId = actor.userId;
      else if (query.assignee) filters.assigneeId = query.assignee;
      const { page, pageSize, offset } = pagingOf(query);
      const found = await staffQueue(db, actor, filters, { limit: pageSize, offset }, options());
      const items = await requestSummaries(db, actor, found.items, options());
      sendNoStoreJson(res, { items, page, pageSize, hasMore: found.nextOffset !== null });
    } catch (error) {
      sendStoreError(res, error);
    }
  };
  router.get(expressPath(routes.staffRequestQueue), ctx.auth.requireSession, requireStaff, queueInput, queue);

  // What the queue can be filtered by: every configured type and every assignable staff member
  // (a page of the queue shows only some of them).
  const optionsInput = validate(routes.staffRequestQueueOptions);
  const queueOptions: RequestHandler = async (req, res) => {
    const actor = req.identity ? staffActorOf(req.identity) : null;
    if (actor?.kind !== 'staff')
      return problem(res, 403, statusText(403), 'Only provider staff can see this.');
    try {
      sendNoStoreJson(res, await staffQueueOptions(db, types));
    } catch (error) {
      sendStoreError(res, error);
    }
  };
  router.get(
    expressPath(routes.staffRequestQueueOptions),
    ctx.auth.requireSession,
    requireStaff,
    optionsInput,
    queueOptions,
  );

  return router;
}

import { statusText } from '@client-portal/api-client';
import {
  ifMatchHeaders,
  REQUEST_LABELS,
  REQUEST_STATUSES,
  type RequestLabel,
  type RequestStatusName,
} from '@client-portal/api-client/requests';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { problem, problemErrors } from '../http/problem.js';
import type { Actor } from '../requests/status.js';
import {
  RequestConflictError,
  type RequestFilters,
  RequestInputError,
  RequestNotFoundError,
  RequestRefusedError,
} from '../requests/store.js';
import type { RequestTypeSpec } from '../requests/types.js';

// The requests routes' input beyond the contract's schemas (If-Match, the list's statuses and
// type against the configuration, paging) and how the store's refusals are answered.

export const NOT_FOUND = 'There is no such request.';
/** The store's sentences that mean "not the company's" (404 on create, as the contract says). */
const NOT_THE_COMPANYS = new Set([
  'The subscription was not found.',
  'The project was not found.',
  'The linked request was not found.',
]);

/** Customer label → the internal statuses it stands for. */
const LABEL_STATUSES: Readonly<Record<RequestLabel, RequestStatusName[]>> = {
  submitted: ['submitted', 'triaged'],
  in_progress: ['in_progress'],
  waiting_for_you: ['waiting_on_customer', 'awaiting_approval'],
  resolved: ['resolved'],
  closed: ['closed', 'cancelled'],
};

export class BadInput extends Error {
  constructor(readonly errors: { path: string; message: string }[]) {
    super(errors.map((e) => e.message).join(' '));
  }
}

/** Answers the store's refusals as the contract says; anything else goes to the error handler. */
export function sendStoreError(res: Response, error: unknown, onCreate = false) {
  if (error instanceof RequestNotFoundError) return problem(res, 404, statusText(404), NOT_FOUND);
  if (error instanceof RequestConflictError) {
    res.set('ETag', `"${error.currentVersion}"`);
    return problem(res, 412, statusText(412), error.message);
  }
  if (error instanceof RequestRefusedError) {
    return error.code === 'forbidden'
      ? problem(res, 403, statusText(403), error.message)
      : problem(res, 409, statusText(409), error.message);
  }
  if (error instanceof RequestInputError) {
    if (onCreate && error.errors.length === 1 && NOT_THE_COMPANYS.has(error.errors[0] ?? '')) {
      return problem(res, 404, statusText(404), error.errors[0]);
    }
    return problem(
      res,
      400,
      statusText(400),
      error.message,
      'about:blank',
      error.errors.map((message) => ({ path: 'body', message })),
    );
  }
  if (error instanceof BadInput) {
    return problem(res, 400, statusText(400), error.message, 'about:blank', error.errors);
  }
  throw error;
}

/** The version named by If-Match (`"3"`, `3`, `W/"3"`), or a 400 problem sent. */
export function expectedVersion(req: Request, res: Response): number | null {
  const header = req.get('if-match');
  if (header === undefined) {
    problem(
      res,
      400,
      statusText(400),
      'Send the request’s version as If-Match (from its ETag or `version`).',
      'about:blank',
      [{ path: 'if-match', message: 'Required.' }],
    );
    return null;
  }
  const parsed = z.safeParse(ifMatchHeaders, { 'if-match': header });
  if (!parsed.success) {
    problem(
      res,
      400,
      statusText(400),
      'The headers are invalid.',
      'about:blank',
      problemErrors(parsed.error),
    );
    return null;
  }
  return Number(parsed.data['if-match'].replace(/^W\//, '').replaceAll('"', ''));
}

export interface ListQuery {
  status?: string | undefined;
  type?: string | undefined;
  dueState?: 'on_track' | 'at_risk' | 'overdue' | undefined;
  q?: string | undefined;
  page?: string | undefined;
  pageSize?: string | undefined;
}

/** The list's filters from its query; statuses as the caller may name them (400 otherwise). */
export function filtersOf(actor: Actor, query: ListQuery, types: readonly RequestTypeSpec[]): RequestFilters {
  const errors: { path: string; message: string }[] = [];
  const filters: RequestFilters = {};
  if (query.status) {
    const statuses = new Set<RequestStatusName>();
    for (const name of query.status.split(',')) {
      if (actor.kind === 'staff' && (REQUEST_STATUSES as readonly string[]).includes(name)) {
        statuses.add(name as RequestStatusName);
      } else if ((REQUEST_LABELS as readonly string[]).includes(name)) {
        for (const s of LABEL_STATUSES[name as RequestLabel]) statuses.add(s);
      } else {
        errors.push({
          path: 'status',
          message: `Unknown status "${name.slice(0, 40)}": expected ${
            actor.kind === 'staff' ? REQUEST_STATUSES.join(', ') : REQUEST_LABELS.join(', ')
          }.`,
        });
      }
    }
    filters.status = [...statuses];
  }
  if (query.type !== undefined) {
    if (!types.some((t) => t.id === query.type)) {
      errors.push({ path: 'type', message: 'Not one of the configured request types.' });
    }
    filters.type = query.type;
  }
  if (query.dueState) filters.dueState = query.dueState;
  if (query.q) filters.q = query.q;
  if (errors.length) throw new BadInput(errors);
  return filters;
}

export function pagingOf(query: ListQuery): { page: number; pageSize: number; offset: number } {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The list's filters (the list and its export): the query's, and the scope (`fallback` without one). */
export function listFiltersOf(
  actor: Actor,
  query: ListQuery & {
    scope?: 'mine' | 'company' | undefined;
    subscriptionId?: string | undefined;
    projectId?: string | undefined;
    talentId?: string | undefined;
  },
  types: readonly RequestTypeSpec[],
  fallback: 'mine' | 'company',
): RequestFilters {
  return {
    ...filtersOf(actor, query, types),
    scope: query.scope ?? fallback,
    ...(query.subscriptionId ? { subscriptionId: query.subscriptionId } : {}),
    ...(query.projectId ? { projectId: query.projectId } : {}),
    ...(query.talentId ? { talentId: query.talentId } : {}),
  };
}

import type { AnyRoute } from '@client-portal/api-client';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import type { CachedRequest } from '../http/response-cache.js';
import type { Caching } from '../http/send-json.js';
import { type ValidatedInput, validate } from '../http/validate.js';
import { type CallerScope, requireCompany, scopeOf } from './scope.js';

/** A contract path as Express writes it under the /api router: `{param}` → `:param`, no `/api`. */
export function expressPath(route: { path: string }): string {
  return route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
}

export type RouteHandler<R extends AnyRoute> = (
  req: Request,
  res: Response,
  input: ValidatedInput<R>,
  scope: CallerScope,
) => Promise<void> | void;

/** Registers one contract route of the caller's company's data; see `routeMounter`. */
export type MountRoute = <const R extends AnyRoute>(route: R, handler: RouteHandler<R>) => void;

/**
 * How every data route is mounted: at the contract's path and method, behind the session and
 * company guards (the caller's company is the only tenant a handler sees), with the route's
 * declared path parameters, query and body validated against the contract's schemas (400 naming
 * the field otherwise). The handler receives the parsed input and the caller's scope.
 */
export function routeMounter(ctx: HostContext, router: Router): MountRoute {
  const guards: RequestHandler[] = [ctx.auth.requireSession, requireCompany];
  return (route, handler) => {
    const input = validate(route);
    const path = expressPath(route);
    const handle: RequestHandler = async (req, res) => {
      await handler(req, res, input.input(req), scopeOf(req));
    };
    if (route.method === 'GET') router.get(path, ...guards, input, handle);
    else router.post(path, ...guards, input, handle);
  };
}

export interface KeptAnswer {
  /** The route and its resolved inputs (a date range resolved against today, not the raw query). */
  key: readonly unknown[];
  caching: Caching;
  /** The 404 detail when `compute` resolves null. */
  missing?: string;
  /** An answer about one project's delivery data: the project and days it reads (see CachedRequest). */
  project?: CachedRequest['project'];
}

/**
 * Sends what `compute` gives through the response cache (http/response-cache.ts): a computed
 * answer is a function of the caller's company's data and `key`, and is served again while that
 * data is unchanged. A null answer is a 404 with the same detail for "not there" and "another
 * company's": existence is never confirmed.
 */
export async function sendKept(
  ctx: HostContext,
  req: Request,
  res: Response,
  answer: KeptAnswer,
  compute: () => Promise<unknown>,
): Promise<void> {
  const request: CachedRequest = {
    companyId: scopeOf(req).companyId,
    key: JSON.stringify(answer.key),
    caching: answer.caching,
    ...(answer.project ? { project: answer.project } : {}),
  };
  if (!(await ctx.responses.send(req, res, request, compute))) {
    problem(res, 404, 'Not Found', answer.missing ?? 'Not found.');
  }
}

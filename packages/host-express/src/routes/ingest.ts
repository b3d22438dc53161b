import { ingestRefusal, ingestRefusalOf, routes } from '@client-portal/api-client';
import { type IngestError, type IngestResult, MAX_INGEST_BATCH } from '@client-portal/api-client/ingest';
import express, { type RequestHandler, type Router } from 'express';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { HostContext } from '../context.js';
import { isJsonContentType } from '../auth/request-guards.js';
import {
  IngestRejected,
  type IngestScope,
  ingestChanges,
  ingestDeployments,
  ingestIncidents,
  ingestPushes,
} from '../ingest/index.js';
import { checkIngestToken } from '../ingest/tokens.js';
import { MAX_INGEST_BODY_BYTES } from '../http/limits.js';
import { problem } from '../http/problem.js';
import { sendNoStoreJson } from '../http/send-json.js';
import type { Database } from '../store/schema.js';
import { expressPath } from './mount.js';

type Ingest = (
  db: Kysely<Database>,
  scope: IngestScope,
  events: never[],
  options: { source: string; now: Date },
) => Promise<IngestResult>;

/** Each ingest route and the store function that takes its events. */
const INGESTS = [
  [routes.ingestDeployments, ingestDeployments],
  [routes.ingestChanges, ingestChanges],
  [routes.ingestIncidents, ingestIncidents],
  [routes.ingestPushes, ingestPushes],
] as const;

const scopes = new WeakMap<express.Request, IngestScope>();

const TOKEN_REFUSALS = {
  missing:
    'Send an ingest token: Authorization: Bearer cpi_… (create one with `client-portal-host ingest-token create`).',
  malformed: 'The Authorization header is not a bearer ingest token (cpi_<id>_<secret>).',
  unknown: 'The ingest token is not known.',
  revoked: 'The ingest token was revoked.',
} as const;

/** 401 unless the request carries a valid ingest token; a session cookie never counts here. */
function requireIngestToken(ctx: HostContext): RequestHandler {
  return async (req, res, next) => {
    const check = await checkIngestToken(ctx.store.db, req.headers.authorization, ctx.now());
    if (!check.ok) {
      res.set('WWW-Authenticate', 'Bearer realm="ingest"');
      return problem(res, 401, 'Unauthorized', TOKEN_REFUSALS[check.reason]);
    }
    scopes.set(req, check.scope);
    next();
  };
}

/**
 * The batch's JSON, up to MAX_INGEST_BODY_BYTES (not the browser routes' 64 KB: 1,000 events are
 * ~0.5 MB). Read only after the token passed, so nobody unknown makes the host parse megabytes.
 */
function readBatch(): RequestHandler {
  const parse = express.json({
    limit: MAX_INGEST_BODY_BYTES,
    type: ['application/json', 'application/*+json'],
  });
  return (req, res, next) => {
    if (!isJsonContentType(req.headers['content-type'])) {
      return problem(res, 415, 'Unsupported Media Type', 'Send the batch as application/json.');
    }
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        return problem(
          res,
          413,
          'Content Too Large',
          `The body is larger than ${MAX_INGEST_BODY_BYTES / 2 ** 20} MB: send fewer events per request (at most ${MAX_INGEST_BATCH}).`,
        );
      }
      next(error);
    });
  };
}

/**
 * The events that name a repository of the company outside the token's project: a token speaks
 * for its project only, so it cannot add commit order, deployments or pull requests to another
 * project's repository. Unknown repositories are the store's to refuse.
 */
async function otherProjectsRepositories(
  db: Kysely<Database>,
  scope: IngestScope,
  events: readonly object[],
): Promise<IngestError[]> {
  const named = events.map((e) =>
    'repository' in e && typeof e.repository === 'string' ? e.repository : undefined,
  );
  const names = [...new Set(named.flatMap((n) => (n ? [n.toLowerCase()] : [])))];
  if (!names.length) return [];
  const rows = await db
    .selectFrom('github_repositories')
    .select(['full_name', 'project_id'])
    .where('company_id', '=', scope.companyId)
    .where(sql<boolean>`lower(full_name) = any(${names})`)
    .execute();
  const projectOf = new Map(rows.map((r) => [r.full_name.toLowerCase(), r.project_id]));
  return named.flatMap((repository, index) => {
    const name = repository?.toLowerCase();
    return name !== undefined && projectOf.has(name) && projectOf.get(name) !== scope.projectId
      ? [{ index, path: 'repository', message: 'is not a repository of this token’s project' }]
      : [];
  });
}

/**
 * POST /api/ingest/{deployments,changes,incidents,pushes}: machine-to-machine, so mounted before
 * CORS, the CSRF guard and the session (app.ts). Token → body → wire format → the store, which
 * stores the whole batch in one transaction or refuses it (IngestRejected): 400 naming each event
 * by its index, nothing stored.
 */
export function createIngestRoutes(ctx: HostContext, router: Router): void {
  const token = requireIngestToken(ctx);
  const batch = readBatch();
  for (const [route, ingest] of INGESTS) {
    router.post(expressPath(route), token, batch, async (req, res) => {
      if (req.body === undefined) {
        return problem(res, 400, 'Bad Request', 'A JSON body is required: { "events": [ … ] }.');
      }
      const parsed = z.safeParse(route.body, req.body);
      if (!parsed.success) {
        const refusal = ingestRefusalOf(parsed.error);
        return problem(res, 400, 'Bad Request', refusal.detail, 'about:blank', refusal.errors);
      }
      const scope = scopes.get(req)!;
      const events = parsed.data.events;
      const foreign = await otherProjectsRepositories(ctx.store.db, scope, events);
      if (foreign.length) {
        const refusal = ingestRefusal(foreign);
        return problem(res, 400, 'Bad Request', refusal.detail, 'about:blank', refusal.errors);
      }
      try {
        const options = { source: 'ingest', now: ctx.now() };
        const result = await (ingest as Ingest)(ctx.store.db, scope, events as never[], options);
        sendNoStoreJson(res, result);
      } catch (error) {
        if (!(error instanceof IngestRejected)) throw error;
        const refusal = ingestRefusal(error.errors);
        problem(res, 400, 'Bad Request', refusal.detail, 'about:blank', refusal.errors);
      }
    });
  }
}

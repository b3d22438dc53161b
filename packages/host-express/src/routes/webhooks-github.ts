import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  GITHUB_HOOK_TARGET_TYPES,
  GITHUB_SIGNATURE_PATTERN,
  type GithubWebhookResult,
  ingestRefusal,
  routes,
} from '@client-portal/api-client';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { HostContext } from '../context.js';
import { isJsonContentType } from '../auth/request-guards.js';
import { type GithubDelivery, mapGithubDelivery } from '../ingest/github-mapping.js';
import { IngestRejected, ingestChanges, ingestDeployments, ingestPushes } from '../ingest/index.js';
import { MAX_WEBHOOK_BODY_BYTES } from '../http/limits.js';
import { problem } from '../http/problem.js';
import type { Database } from '../store/schema.js';
import { expressPath } from './mount.js';

interface Webhook {
  companyId: string;
  secret: string;
}

const webhooks = new WeakMap<Request, Webhook>();

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const unauthorized = (res: Response, detail: string) => problem(res, 401, 'Unauthorized', detail);

/**
 * Finds the webhook the target headers name, before the body is read: a request for no registered
 * webhook is refused without reading (or hashing) what it sends.
 */
function findWebhook(ctx: HostContext): RequestHandler {
  return async (req, res, next) => {
    if (!GITHUB_SIGNATURE_PATTERN.test(header(req, 'x-hub-signature-256') ?? '')) {
      return unauthorized(res, 'The delivery is not signed: X-Hub-Signature-256 is missing or malformed.');
    }
    const type = header(req, 'x-github-hook-installation-target-type') ?? '';
    const id = header(req, 'x-github-hook-installation-target-id') ?? '';
    const known = (GITHUB_HOOK_TARGET_TYPES as readonly string[]).includes(type) && /^[0-9]{1,20}$/.test(id);
    const row = known
      ? await ctx.store.db
          .selectFrom('github_webhooks')
          .select(['company_id', 'secret'])
          .where('target_type', '=', type)
          .where('target_id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row) return unauthorized(res, 'No webhook is registered for this target.');
    webhooks.set(req, { companyId: row.company_id, secret: row.secret });
    next();
  };
}

/** The exact bytes GitHub signed, whatever the content type says (checked after the signature). */
const rawBody = express.raw({ type: () => true, limit: MAX_WEBHOOK_BODY_BYTES });

function signatureMatches(secret: string, body: Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Stored = Exclude<GithubDelivery, { kind: 'pong' } | { kind: 'dropped' }>;

/** Stores what a delivery carries, in the transaction that records the delivery. */
function ingest(trx: Transaction<Database>, companyId: string, projectId: string, mapped: Stored, now: Date) {
  const options = { source: 'github', now };
  switch (mapped.kind) {
    case 'push':
      return ingestPushes(trx, { companyId }, [mapped.event], options);
    case 'change':
      return ingestChanges(trx, { companyId, projectId }, [mapped.event], options);
    case 'deployment':
      return ingestDeployments(trx, { companyId, projectId }, [mapped.event], options);
  }
}

/**
 * POST /api/webhooks/github, mounted before CORS, the CSRF guard and the session (app.ts): GitHub
 * is not a browser. Target headers → webhook (401 if none) → raw body → HMAC-SHA256 over the exact
 * bytes, compared in constant time (401) → JSON → the event mapped (ingest/github-mapping.ts) →
 * the repository, which must be the webhook company's and in a project (else 202, dropped) → one
 * transaction: the delivery id (a redelivery conflicts: 200 duplicate) and what it stores.
 */
export function createGithubWebhookRoutes(ctx: HostContext, router: Router): void {
  router.post(expressPath(routes.githubWebhook), findWebhook(ctx), rawBody, async (req, res) => {
    const webhook = webhooks.get(req)!;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!signatureMatches(webhook.secret, body, header(req, 'x-hub-signature-256')!)) {
      return unauthorized(res, 'The signature does not match the body.');
    }
    if (!isJsonContentType(header(req, 'content-type'))) {
      return problem(
        res,
        415,
        'Unsupported Media Type',
        'Set the webhook’s content type to application/json.',
      );
    }
    // The signature and target headers passed already; what can still fail is event and delivery.
    const headers = z.safeParse(routes.githubWebhook.headers, req.headers);
    if (!headers.success) {
      return problem(res, 400, 'Bad Request', 'X-GitHub-Event and X-GitHub-Delivery are required.');
    }
    const { 'x-github-event': event, 'x-github-delivery': delivery } = headers.data;
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return problem(res, 400, 'Bad Request', 'The body is not valid JSON.');
    }
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      return problem(res, 400, 'Bad Request', 'The body is not a JSON object.');
    }
    const answer = (status: 200 | 202, result: Omit<GithubWebhookResult, 'event' | 'delivery'>) => {
      res
        .status(status)
        .set('Cache-Control', 'no-store')
        .json({ ...result, event, delivery });
    };
    const mapped = mapGithubDelivery(event, payload as Record<string, unknown>);
    if (mapped.kind === 'pong') return answer(200, { outcome: 'pong' });
    if (mapped.kind === 'dropped') return answer(202, { outcome: 'dropped', reason: mapped.reason });

    // GitHub names are case-insensitive; the store knows the repository by its stored spelling.
    const repository = await ctx.store.db
      .selectFrom('github_repositories')
      .select(['full_name', 'project_id'])
      .where('company_id', '=', webhook.companyId)
      .where(sql`lower(full_name)`, '=', mapped.repository.toLowerCase())
      .executeTakeFirst();
    if (!repository) {
      return answer(202, {
        outcome: 'dropped',
        reason: `The repository ${mapped.repository} is not linked to the company in the portal.`,
      });
    }
    if (repository.project_id === null) {
      return answer(202, {
        outcome: 'dropped',
        reason: `The repository ${repository.full_name} belongs to no project.`,
      });
    }
    const projectId = repository.project_id;
    const stored = withRepository(mapped, repository.full_name);
    try {
      const result = await ctx.store.db.transaction().execute(async (trx) => {
        const first = await trx
          .insertInto('webhook_deliveries')
          .values({ delivery_id: delivery, received_at: ctx.now() })
          .onConflict((conflict) => conflict.column('delivery_id').doNothing())
          .returning('delivery_id')
          .executeTakeFirst();
        return first ? ingest(trx, webhook.companyId, projectId, stored, ctx.now()) : null;
      });
      if (result === null) return answer(200, { outcome: 'duplicate' });
      answer(200, { outcome: 'stored', result });
    } catch (error) {
      if (!(error instanceof IngestRejected)) throw error;
      const refusal = ingestRefusal(error.errors);
      problem(res, 400, 'Bad Request', refusal.detail, 'about:blank', refusal.errors);
    }
  });
}

/** The mapped event with the repository as the store spells it. */
function withRepository(mapped: Stored, fullName: string): Stored {
  return { ...mapped, repository: fullName, event: { ...mapped.event, repository: fullName } } as Stored;
}

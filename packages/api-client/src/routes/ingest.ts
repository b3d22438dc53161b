import type * as z from 'zod/mini';
import type { AnyRoute, ErrorStatus } from '../route-types.js';
import {
  githubWebhookHeadersSchema,
  githubWebhookPayloadSchema,
  githubWebhookResultSchema,
} from '../schemas/github-webhook.js';
import {
  changeBatchSchema,
  deploymentBatchSchema,
  incidentBatchSchema,
  ingestRejectionSchema,
  ingestResultSchema,
  MAX_INGEST_BATCH,
  pushBatchSchema,
} from '../schemas/ingest.js';
import { MAX_INGEST_ERRORS } from '../ingest-requests.js';

/** What every ingest route shares: who may call it, what a batch is, what each answer means. */
const INGEST_RULES = `Authenticated by a per-project ingest token (\`Authorization: Bearer cpi_…\`, created with \`client-portal-host ingest-token create\`): the token alone decides the company and project the events belong to; a session cookie never authenticates this route, and no field of the body can name another project. A batch holds 1 to ${MAX_INGEST_BATCH} events and is stored whole or not at all. Idempotent: an event re-sent with the same \`externalId\` updates the stored one, and identical content is counted \`unchanged\` and writes nothing, so a failed request can simply be sent again.`;

const INGEST_ERRORS: readonly ErrorStatus[] = [400, 401, 413, 415, 500, 503];

const INGEST_NOTES: Partial<Record<ErrorStatus, string>> = {
  400: `The batch was refused and nothing was stored: the body is not JSON, breaks the wire format, or an event cannot be stored (e.g. an unknown repository). \`errors\` lists each refused field as \`index\` (the event's position in \`events\`, from 0), \`path\` (within that event) and \`message\`, at most ${MAX_INGEST_ERRORS}; what is wrong with the batch itself (no \`events\`, more than ${MAX_INGEST_BATCH} events) is in \`detail\`.`,
  401: 'No ingest token, an unknown or revoked one, or a malformed Authorization header. Nothing was stored.',
  413: 'The body is larger than the host’s ingest body limit: send fewer events per request.',
  415: 'The body must be JSON (Content-Type: application/json).',
  503: 'The store is busy or unreachable; nothing was stored. Send the same batch again after Retry-After.',
};

const ingestRoute = <const B extends z.ZodMiniType>(
  path: `/api/ingest/${string}`,
  summary: string,
  body: B,
  description: string,
) =>
  ({
    kind: 'json',
    method: 'POST',
    path,
    tag: 'Ingest',
    auth: 'ingestToken',
    summary,
    description: `${description}\n\n${INGEST_RULES}`,
    body,
    bodyPolicy:
      'Strict: every object refuses unknown fields, so a misspelt field is an error instead of lost data.',
    response: ingestResultSchema,
    badRequest: ingestRejectionSchema,
    errorNotes: INGEST_NOTES,
    retry: false,
    errors: INGEST_ERRORS,
  }) as const;

/** Delivery data in: CI deployments, pull requests, incidents, commit order, GitHub webhooks. */
export const ingestRoutes = {
  ingestDeployments: ingestRoute(
    '/api/ingest/deployments',
    'Send deployments',
    deploymentBatchSchema,
    'Deployments as CI/CD finished them. Successful deployments to "production" are what DORA counts: deployment frequency, the end of lead time (a pull request is linked to the first successful production deployment of its repository whose commit is its merge commit or a later commit of the same branch), and the deployments incidents are attributed to.',
  ),
  ingestChanges: ingestRoute(
    '/api/ingest/changes',
    'Send pull requests',
    changeBatchSchema,
    'Pull requests, open or merged. A merged one with its merge commit is linked to the deployment that shipped it; lead time for changes runs from its first commit to that deployment. A pull request that reverts another counts as rework.',
  ),
  ingestIncidents: ingestRoute(
    '/api/ingest/incidents',
    'Send incidents',
    incidentBatchSchema,
    'Production incidents: open one, send it again to update it, and again with `resolvedAt` to resolve it. An incident is attributed to the deployment it names (`deploymentExternalId`), else to the latest successful production deployment of the project within the project’s attribution window (7 days by default) before it opened; `notChangeFailure` keeps it out of change failure rate.',
  ),
  ingestPushes: ingestRoute(
    '/api/ingest/pushes',
    'Send commit order',
    pushBatchSchema,
    'Commits pushed to a branch, oldest first: the commit order that decides whether a deployment’s commit comes after a pull request’s merge commit. Without it (and without GitHub push webhooks) a pull request is linked only to a deployment of exactly its merge commit.',
  ),
  githubWebhook: {
    kind: 'json',
    method: 'POST',
    path: '/api/webhooks/github',
    tag: 'Ingest',
    auth: 'githubSignature',
    summary: 'GitHub webhook',
    description:
      'The target of a GitHub webhook (content type application/json) registered with `client-portal-host github-webhook add`. The signature is checked over the exact body bytes with the secret of the webhook named by the target headers, in constant time. `push` (to a branch) records commit order, `pull_request` closed and merged stores the pull request, `deployment_status` success, failure or error stores the deployment (error counts as failure); each only for a repository of the webhook’s company that belongs to a project. A delivery is stored once, in the same transaction as what it stored: a redelivery is answered 200 `duplicate`. `ping` is answered 200 `pong`.',
    headers: githubWebhookHeadersSchema,
    body: githubWebhookPayloadSchema,
    bodyPolicy: 'GitHub’s payload as it is; the host reads only the fields it maps.',
    response: githubWebhookResultSchema,
    accepted:
      'Acknowledged and dropped, nothing stored: another event or action (a pull request closed without merging, a deployment still in progress, a tag push), or a repository that is not the company’s or belongs to no project. `reason` says which.',
    errorNotes: {
      400: 'Signed correctly but not a JSON object, or without X-GitHub-Event or X-GitHub-Delivery. Nothing was stored.',
      401: 'Missing or wrong X-Hub-Signature-256, or no webhook registered for the target headers. Nothing was stored.',
      413: 'The body is larger than the host’s webhook body limit.',
      415: 'Set the webhook’s content type to application/json.',
    },
    retry: false,
    errors: [400, 401, 413, 415, 500, 503],
  },
} as const satisfies Record<string, AnyRoute>;

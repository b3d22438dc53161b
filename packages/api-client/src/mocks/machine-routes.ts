import { INGEST_TOKEN_PATTERN } from '../ingest-requests.js';
import type { AnyRoute } from '../route-types.js';
import { GITHUB_SIGNATURE_PATTERN, type GithubWebhookResult } from '../schemas/github-webhook.js';
import type { IngestResult } from '../schemas/ingest.js';
import { INGEST_FIXTURE } from './fixtures/ingest.js';
import { json, type MockReply } from './replies.js';
import type { MockRequest } from './route-mocks.js';

/*
 * The ingest routes and the GitHub webhook as the host answers them, without a store: credentials
 * are checked first (401 before the body is read), a session cookie never counts, every event of a
 * valid batch is reported created, and a webhook is stored, answered or dropped by its event and
 * action. Deliveries are not remembered, so a redelivery is stored again rather than `duplicate`.
 */

const unauthorized = (detail: string): MockReply => ({
  type: 'problem',
  status: 401,
  title: 'Unauthorized',
  detail,
});

async function hmacHex(secret: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The refusal of a machine route's request without valid credentials; null when they are valid. */
export async function refuseCredentials(route: AnyRoute, request: Request): Promise<MockReply | null> {
  if (route.auth === 'ingestToken') {
    const header = request.headers.get('authorization') ?? '';
    const token = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
    if (!INGEST_TOKEN_PATTERN.test(token))
      return unauthorized('Send an ingest token: Authorization: Bearer cpi_…');
    return token === INGEST_FIXTURE.token ? null : unauthorized('The ingest token is unknown or revoked.');
  }
  if (route.auth === 'githubSignature') {
    const { targetType, targetId, secret } = INGEST_FIXTURE.webhook;
    const type = request.headers.get('x-github-hook-installation-target-type');
    const id = request.headers.get('x-github-hook-installation-target-id');
    if (type !== targetType || id !== targetId)
      return unauthorized('No webhook is registered for this target.');
    const signature = request.headers.get('x-hub-signature-256') ?? '';
    if (!GITHUB_SIGNATURE_PATTERN.test(signature)) return unauthorized('The signature is missing.');
    const expected = `sha256=${await hmacHex(secret, await request.clone().text())}`;
    return signature === expected ? null : unauthorized('The signature does not match the body.');
  }
  return null;
}

const created = (received: number): IngestResult => ({
  received,
  created: received,
  updated: 0,
  unchanged: 0,
});

/** A valid batch: every event new. */
export function ingestBatch({ body }: MockRequest): MockReply {
  return json(created((body.events as unknown[]).length));
}

type Payload = Record<string, unknown> & {
  ref?: unknown;
  deleted?: unknown;
  action?: unknown;
  pull_request?: { merged?: unknown };
  deployment_status?: { state?: unknown };
};

/** What the host would do with a signed delivery, by its event and action. */
export function githubDelivery({ body, headers }: MockRequest): MockReply {
  const event = headers['x-github-event'] ?? '';
  const delivery = headers['x-github-delivery'] ?? '';
  if (!event || !delivery) {
    return {
      type: 'problem',
      status: 400,
      title: 'Bad Request',
      detail: 'X-GitHub-Event and X-GitHub-Delivery are required.',
    };
  }
  const payload = body as Payload;
  const answer = (outcome: GithubWebhookResult['outcome'], extra: Partial<GithubWebhookResult> = {}) =>
    json({ outcome, event, delivery, ...extra } satisfies GithubWebhookResult);
  const dropped = (reason: string): MockReply => ({
    type: 'json',
    status: 202,
    body: { outcome: 'dropped', event, delivery, reason } satisfies GithubWebhookResult,
  });
  switch (event) {
    case 'ping':
      return answer('pong');
    case 'push':
      return typeof payload.ref === 'string' &&
        payload.ref.startsWith('refs/heads/') &&
        payload.deleted !== true
        ? answer('stored', { result: created(1) })
        : dropped('Not a push to a branch.');
    case 'pull_request':
      return payload.action === 'closed' && payload.pull_request?.merged === true
        ? answer('stored', { result: created(1) })
        : dropped('Only merged pull requests are stored.');
    case 'deployment_status': {
      const state = payload.deployment_status?.state;
      return state === 'success' || state === 'failure' || state === 'error'
        ? answer('stored', { result: created(1) })
        : dropped('The deployment has not finished.');
    }
    default:
      return dropped(`The "${event.slice(0, 40)}" event is not used.`);
  }
}

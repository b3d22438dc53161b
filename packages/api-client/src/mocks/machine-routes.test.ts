import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { githubWebhookResultSchema } from '../schemas/github-webhook.js';
import { INGEST_FIXTURE } from './fixtures/ingest.js';
import { createMockFetch, handlers } from './handlers.js';

const BASE = 'http://mock.test';
const mock = createMockFetch(handlers());
const BEARER = `Bearer ${INGEST_FIXTURE.token}`;

const batch = {
  events: [
    { externalId: 'run-1', environment: 'production', status: 'success', finishedAt: '2026-03-01T10:00:00Z' },
    { externalId: 'run-2', environment: 'staging', status: 'failure', finishedAt: '2026-03-01T11:00:00Z' },
  ],
};

const ingest = (body: unknown, headers: Record<string, string> = { authorization: BEARER }) =>
  mock(`${BASE}/api/ingest/deployments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function delivery(event: string, payload: unknown, options: { secret?: string; target?: string } = {}) {
  const body = JSON.stringify(payload);
  const signature = createHmac('sha256', options.secret ?? INGEST_FIXTURE.webhook.secret)
    .update(body)
    .digest('hex');
  return mock(`${BASE}/api/webhooks/github`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': `d-${event}`,
      'x-hub-signature-256': `sha256=${signature}`,
      'x-github-hook-installation-target-type': INGEST_FIXTURE.webhook.targetType,
      'x-github-hook-installation-target-id': options.target ?? INGEST_FIXTURE.webhook.targetId,
    },
    body,
  });
}

describe('the ingest mocks answer as the host does', () => {
  it('stores a valid batch: every event counted', async () => {
    const response = await ingest(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 2, created: 2, updated: 0, unchanged: 0 });
  });

  it('refuses a missing, malformed or unknown token, and a session cookie, before reading the body', async () => {
    const other = `Bearer cpi_${'1'.repeat(16)}_${'2'.repeat(64)}`;
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: other },
      { cookie: 'portal_session=x' },
    ];
    for (const headers of refused) {
      const response = await ingest('not even json', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('refuses a bad event with its index, path and message', async () => {
    const response = await ingest({ events: [batch.events[0], { ...batch.events[1], status: 'maybe' }] });
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.errors).toEqual([{ index: 1, path: 'status', message: expect.any(String) }]);
    expect(problem.detail).toContain('Nothing was stored');
  });
});

describe('the GitHub webhook mock', () => {
  it('answers ping, stores a merged pull request and drops what it does not use', async () => {
    const ping = await delivery('ping', { zen: 'Design for failure.' });
    expect(ping.status).toBe(200);
    expect(githubWebhookResultSchema.parse(await ping.json()).outcome).toBe('pong');
    const merged = await delivery('pull_request', { action: 'closed', pull_request: { merged: true } });
    expect(await merged.json()).toMatchObject({ outcome: 'stored', result: { received: 1 } });
    const closed = await delivery('pull_request', { action: 'closed', pull_request: { merged: false } });
    expect(closed.status).toBe(202);
    expect(await closed.json()).toMatchObject({ outcome: 'dropped', reason: expect.any(String) });
    expect((await delivery('issues', { action: 'opened' })).status).toBe(202);
  });

  it('refuses a wrong signature or an unknown target with 401', async () => {
    expect((await delivery('ping', {}, { secret: 'another-secret' })).status).toBe(401);
    expect((await delivery('ping', {}, { target: '1' })).status).toBe(401);
  });
});

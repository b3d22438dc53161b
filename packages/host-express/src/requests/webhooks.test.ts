import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runRequestSchedule } from '../jobs/request-schedule.js';
import { testConfig } from '../test-support/host.js';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { addComment, createRequest } from './store.js';
import { actors, quietLogger, resetRequests, seedScheduleFixture } from './test-support/schedule-fixture.js';
import { verifyWebhookSignature, webhookBackoffMs, webhookSignature } from './webhooks.js';

const T0 = new Date('2027-03-01T09:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const SECRET = 'whsec-test-0123456789abcdef';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('the webhook signature', () => {
  it('signs the timestamp and the exact body, and refuses a stale or altered one', () => {
    const body = '{"event":"created"}';
    const timestamp = Math.floor(T0.getTime() / 1000);
    const signature = webhookSignature(SECRET, timestamp, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const headers = { timestamp: String(timestamp), signature };
    expect(verifyWebhookSignature(SECRET, headers, body, T0)).toBe(true);
    expect(verifyWebhookSignature(SECRET, headers, `${body} `, T0)).toBe(false);
    expect(verifyWebhookSignature('another-secret-0000', headers, body, T0)).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers, body, at(6))).toBe(false);
    expect(verifyWebhookSignature(SECRET, { ...headers, timestamp: String(timestamp + 1) }, body, T0)).toBe(
      false,
    );
  });

  it('backs off 1, 2, 4 … minutes, at most 6 hours', () => {
    expect([1, 2, 3, 20].map(webhookBackoffMs)).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 6 * 60 * MINUTE]);
  });
});

describe.each(featureStores)('the request webhook on $name', (kind) => {
  let store: TestStore;
  let server: Server;
  let url: string;
  const received: Received[] = [];
  let failNext = 0;

  beforeAll(async () => {
    store = await kind.open();
    await seedScheduleFixture(store.db);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (failNext > 0) {
          failNext--;
          res.writeHead(500).end('down');
          return;
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/portal`;
  });
  beforeEach(async () => {
    await resetRequests(store.db);
    received.length = 0;
    failNext = 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await store?.close();
  });

  const config = () => testConfig({ REQUEST_WEBHOOK_URL: url, REQUEST_WEBHOOK_SECRET: SECRET });
  const run = (now: Date, env = config()) =>
    runRequestSchedule(store.db, env, { now, logger: quietLogger().logger, webhookTimeoutMs: 5_000 });

  it('POSTs each event signed, and retries one answered 500 with the same delivery', async () => {
    const request = await createRequest(
      store.db,
      actors.alice,
      { type: 'question', title: 'Hook me' },
      { now: T0 },
    );
    await addComment(
      store.db,
      actors.samForAcme,
      request.id,
      { body: 'Internal: check the contract', internal: true },
      { now: T0 },
    );
    failNext = 1;
    const first = await run(at(1));
    expect(first).toMatchObject({ webhooksQueued: 2, webhooksDelivered: 1, webhooksFailed: 1, errors: {} });
    // Not again before its backoff (1 minute)…
    expect((await run(at(1.5))).webhooksDelivered).toBe(0);
    // …then delivered.
    expect((await run(at(2))).webhooksDelivered).toBe(1);
    expect((await run(at(10))).webhooksDelivered).toBe(0);
    expect(received).toHaveLength(3);

    for (const { headers, body } of received) {
      expect(headers['content-type']).toBe('application/json');
      expect(
        verifyWebhookSignature(
          SECRET,
          {
            timestamp: headers['x-portal-timestamp'] as string,
            signature: headers['x-portal-signature'] as string,
          },
          body,
          new Date(Number(headers['x-portal-timestamp']) * 1000),
        ),
      ).toBe(true);
      expect(JSON.parse(body).id).toBe(headers['x-portal-delivery']);
    }
    const [failed, ok, retried] = received;
    expect(failed!.headers['x-portal-event']).toBe('created');
    expect(retried!.headers['x-portal-delivery']).toBe(failed!.headers['x-portal-delivery']);
    expect(retried!.body).toBe(failed!.body);
    expect(retried!.headers['x-portal-timestamp']).toBe(String(Math.floor(at(2).getTime() / 1000)));
    const created = JSON.parse(failed!.body);
    expect(created).toMatchObject({
      event: 'created',
      internal: false,
      company: { id: 'acme', name: 'Acme Corporation' },
      request: { id: request.id, key: request.key, title: 'Hook me', requesterId: 'u-alice' },
      actor: { id: 'u-alice', kind: 'person' },
    });
    // The provider's own system receives internal notes too, marked as such.
    const note = JSON.parse(ok!.body);
    expect(ok!.headers['x-portal-event']).toBe('comment');
    expect(note).toMatchObject({
      internal: true,
      comment: { body: 'Internal: check the contract', internal: true },
      actor: { id: 'u-sam', kind: 'staff', onBehalfOfCompany: 'acme' },
    });
    const rows = await store.db
      .selectFrom('request_webhook_deliveries')
      .selectAll()
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => [r.attempts, r.last_status, r.delivered_at])).toEqual([
      [2, 204, at(2)],
      [1, 204, at(1)],
    ]);
  });

  it('sends nothing of the past when no webhook is set, and gives up after ten attempts', async () => {
    await createRequest(store.db, actors.alice, { type: 'question', title: 'Before the hook' }, { now: T0 });
    const off = await run(at(1), testConfig());
    expect(off.webhooksQueued).toBe(0);
    expect((await run(at(2))).webhooksQueued).toBe(0);
    expect(received).toEqual([]);

    await createRequest(
      store.db,
      actors.alice,
      { type: 'question', title: 'After the hook' },
      { now: at(3) },
    );
    failNext = 100;
    let now = at(4);
    for (let attempt = 0; attempt < 12; attempt++) {
      await run(now);
      now = new Date(now.getTime() + 7 * 60 * MINUTE);
    }
    expect(received).toHaveLength(10);
    const [row] = await store.db.selectFrom('request_webhook_deliveries').selectAll().execute();
    expect(row).toMatchObject({ attempts: 10, gave_up: true, last_status: 500, delivered_at: null });
  });
});

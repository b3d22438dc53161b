import { describe, expect, it } from 'vitest';
import { browserRoutes } from '../browser-routes.js';
import { createMockFetch, handlers } from '../mocks/handlers.js';
import { emptySyncStatusFixture, syncStatusFixture } from '../mocks/fixtures/sync-status.js';
import { createOpenApiDocument } from '../openapi.js';
import { routes } from '../routes.js';
import { MAX_SYNC_TEXT, syncStatusResponseSchema } from '../schemas/sync-status.js';
import { operationsRoutes } from './operations.js';

const document = createOpenApiDocument();
// biome-ignore lint/suspicious/noExplicitAny: walking a generated JSON document in assertions.
const operation = document.paths['/api/staff/sync-status']?.get as any;

describe('GET /api/staff/sync-status', () => {
  it('is in the full table only: the portal’s bundle does not carry it', () => {
    for (const id of Object.keys(operationsRoutes)) {
      expect(id in routes).toBe(true);
      expect(id in browserRoutes).toBe(false);
    }
  });

  it('is documented as a staff-only, never cached session route', () => {
    expect(operation.operationId).toBe('syncStatus');
    expect(operation.tags).toEqual(['Operations']);
    expect(document.tags).toContainEqual({ name: 'Operations' });
    expect(operation.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    expect(operation.description).toContain('Provider staff only; customers are answered 403');
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '500']);
    expect(operation.responses['403'].description).toContain('customer');
    expect(operation.responses['200'].headers['Cache-Control']).toBeDefined();
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SyncStatus',
    });
    for (const name of ['SyncStatus', 'SyncSourceStatus', 'SyncScopeStatus', 'SyncJob', 'SyncCounts']) {
      expect(document.components.schemas[name]).toBeDefined();
    }
  });

  it('has fixtures that match the schema: every source, in order', () => {
    for (const fixture of [syncStatusFixture(new Date('2026-03-02T09:30:00Z')), emptySyncStatusFixture()]) {
      const parsed = syncStatusResponseSchema.parse(fixture);
      expect(parsed.sources.map((s) => s.source)).toEqual(['hubspot', 'github', 'jira', 'ai']);
    }
    const success = syncStatusFixture(new Date('2026-03-02T09:30:00Z'));
    const by = Object.fromEntries(success.sources.map((s) => [s.source, s]));
    expect(by.jira?.scopes.every((s) => s.status === 'ok')).toBe(true);
    expect(by.github?.lastJob?.state).toBe('failed');
    expect(by.github?.scopes[0]?.lastError).toBeTruthy();
    expect(by.hubspot).toMatchObject({ configured: true, lastJob: null, scopes: [] });
    expect(by.ai).toMatchObject({ configured: false, schedule: null, lastJob: null, scopes: [] });
    expect(emptySyncStatusFixture().sources.every((s) => s.scopes.length === 0 && !s.lastJob)).toBe(true);
  });

  it('refuses a cursor or an error longer than the contract allows, and counts that are not counts', () => {
    const fixture = syncStatusFixture(new Date('2026-03-02T09:30:00Z'));
    const scope = fixture.sources[2]!.scopes[0]!;
    const long = 'x'.repeat(MAX_SYNC_TEXT + 1);
    const withScope = (patch: object) => ({
      sources: fixture.sources.map((s, i) => (i === 2 ? { ...s, scopes: [{ ...scope, ...patch }] } : s)),
    });
    expect(syncStatusResponseSchema.safeParse(withScope({ cursor: long })).success).toBe(false);
    expect(syncStatusResponseSchema.safeParse(withScope({ lastError: long })).success).toBe(false);
    expect(
      syncStatusResponseSchema.safeParse(withScope({ counts: { ...scope.counts, created: -1 } })).success,
    ).toBe(false);
    expect(syncStatusResponseSchema.safeParse(withScope({ status: 'paused' })).success).toBe(false);
  });

  it('is mocked: 200 no-store for staff, 403 as a customer would get', async () => {
    const fetchOk = createMockFetch(handlers());
    const ok = await fetchOk('http://mock.test/api/staff/sync-status');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    syncStatusResponseSchema.parse(await ok.json());
    const refused = await createMockFetch(handlers({ syncStatus: 'forbidden' }))(
      'http://mock.test/api/staff/sync-status',
    );
    expect(refused.status).toBe(403);
  });
});

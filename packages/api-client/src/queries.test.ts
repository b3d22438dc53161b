import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleAnalyticsProjectKeys } from './analytics-visibility.js';
import { createApiClient } from './client.js';
import { RequestError } from './errors.js';
import { createPortalFixtures } from './mocks/fixtures/portal.js';
import { handlers } from './mocks/handlers.js';
import { http, HttpResponse } from 'msw';
import {
  ANALYTICS_FRESHNESS,
  createMutations,
  createQueries,
  hasCompanyScope,
  isCompanyScopedQuery,
  queryKeys,
} from './queries.js';

const BASE = 'http://api.test';
const fixtures = createPortalFixtures();
const order: string[] = [];
const server = setupServer(...handlers({}, { baseUrl: BASE, fixtures }));
server.events.on('request:start', ({ request }) => {
  order.push(new URL(request.url).pathname);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  order.length = 0;
});
afterAll(() => server.close());

const q = createQueries(createApiClient({ baseUrl: BASE, retryLimit: 0 }));
const pending = { status: 'pending' as const };

describe('query options', () => {
  it('analytics queries are fresh 5 min, cached 30 min and never refetch on focus or mount', () => {
    for (const options of [
      q.analyticsProjects({ status: 'success' }),
      q.projectAnalytics('PORTAL'),
      q.projects(),
      q.dora({ projectKey: 'PORTAL' }),
      q.doraEvents({ projectKey: 'PORTAL', metric: 'reworkRate' }),
      q.aiUsage({ jiraProjectKey: 'PORTAL' }),
      q.githubOrganisations('9001'),
      q.githubRepositories('9001'),
    ]) {
      expect(options).toMatchObject(ANALYTICS_FRESHNESS);
    }
    expect(ANALYTICS_FRESHNESS).toEqual({
      staleTime: 300000,
      gcTime: 1800000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
  });

  it('profile and talent are not retried', () => {
    expect(q.profile({ status: 'success', data: fixtures.user }).retry).toBe(false);
    expect(q.talent().retry).toBe(false);
    expect(q.talentAssociations('51234').retry).toBe(false);
  });

  it('expresses what waits for which answer as enabled dependencies', () => {
    expect(q.profile(pending).enabled).toBe(false);
    expect(q.profile({ status: 'success', data: null }).enabled).toBe(false); // signed out
    expect(q.profile({ status: 'success', data: fixtures.user }).enabled).toBe(true);
    // CRM and the analytics list start beside the profile, once the session names a company.
    for (const read of [q.crm, q.analyticsProjects]) {
      expect(read(pending).enabled).toBe(false);
      expect(read({ status: 'success', data: null }).enabled).toBe(false); // signed out
      expect(read({ status: 'error' }).enabled).toBe(false);
      expect(read({ status: 'success', data: fixtures.user }).enabled).toBe(true);
    }
    expect(q.projectAnalytics(undefined).enabled).toBe(false);
    expect(q.dora({ projectKey: undefined }).enabled).toBe(false);
    expect(q.doraEvents({ projectKey: undefined, metric: 'reworkRate' }).enabled).toBe(false);
    expect(q.doraEvents({ projectKey: 'A', metric: 'reworkRate' }).enabled).toBe(true);
    expect(q.aiUsage({ jiraProjectKey: undefined }).enabled).toBe(false);
    expect(q.talentAssociations(undefined).enabled).toBe(false);
    expect(q.talentAssociations('').enabled).toBe(false);
    expect(q.talentAssociations(0).enabled).toBe(true);
    expect(q.knowledgeBaseSearch(' d ').enabled).toBe(false);
    expect(q.knowledgeBaseArticle(undefined).enabled).toBe(false);
  });

  /** One step of the chain as a screen sees it: run only when enabled, then settled. */
  async function step<T>(options: { enabled?: unknown }, run: () => Promise<T>) {
    if (options.enabled === false) return { status: 'pending' as const };
    return run().then(
      (data) => ({ status: 'success' as const, data }),
      () => ({ status: 'error' as const }),
    );
  }

  it('asks for the session, then profile, CRM and the analytics list together, then the visible projects', async () => {
    const client = new QueryClient();
    const session = await step(q.session(), () => client.fetchQuery(q.session()));
    const [, crm, list] = await Promise.all([
      step(q.profile(session), () => client.fetchQuery(q.profile(session))),
      step(q.crm(session), () => client.fetchQuery(q.crm(session))),
      step(q.analyticsProjects(session), () => client.fetchQuery(q.analyticsProjects(session))),
    ]);
    const keys = visibleAnalyticsProjectKeys(
      list.status === 'success' ? list.data.projects : [],
      crm.status === 'success' ? crm.data.hubspot.projects : [],
    );
    await Promise.all(keys.map((key) => client.fetchQuery(q.projectAnalytics(key))));
    expect(order[0]).toBe('/api/auth/me');
    expect(order.slice(1, 4).sort()).toEqual(['/api/analytics/projects', '/api/hubspot', '/api/profile']);
    expect(order.slice(4)).toEqual([
      '/api/analytics/projects/PORTAL',
      '/api/analytics/projects/ROUTE',
      '/api/analytics/projects/WMS',
    ]);
    client.clear();
  });

  it('keys live under one root, differ per input and ignore whitespace in searches', () => {
    expect(queryKeys.dora({ projectKey: 'A', grain: 'week' })).not.toEqual(
      queryKeys.dora({ projectKey: 'A', grain: 'month' }),
    );
    expect(queryKeys.knowledgeBaseSearch(' dora ')).toEqual(queryKeys.knowledgeBaseSearch('dora'));
    for (const key of [
      queryKeys.session(),
      queryKeys.projectAnalytics('A'),
      queryKeys.talentAssociations(1),
    ]) {
      expect(key[0]).toBe(queryKeys.all[0]);
    }
    expect(queryKeys.dora({ projectKey: 'A' }).slice(0, 2)).toEqual(queryKeys.analytics());
  });

  it('keys DORA answers by report year, and the drill-down by project, metric, list, range and page', () => {
    expect(queryKeys.dora({ projectKey: 'A', benchmark: 'dora-2021' })).not.toEqual(
      queryKeys.dora({ projectKey: 'A', benchmark: 'dora-2023' }),
    );
    const base = {
      projectKey: 'A',
      metric: 'changeFailureRate',
      from: '2026-01-01',
      to: '2026-01-31',
    } as const;
    const key = queryKeys.doraEvents(base);
    for (const other of [
      { ...base, projectKey: 'B' },
      { ...base, metric: 'reworkRate' as const },
      { ...base, list: 'incidents' as const },
      { ...base, to: '2026-02-01' },
      { ...base, page: 2 },
    ]) {
      expect(queryKeys.doraEvents(other)).not.toEqual(key);
    }
    // No page is the first page: one cache entry, not two.
    expect(queryKeys.doraEvents({ ...base, page: 1 })).toEqual(key);
    expect(key.slice(0, 2)).toEqual(queryKeys.analytics());
    expect(q.doraEvents(base).queryKey).toEqual(key);
    expect(q.doraEvents(base).retry).toBe(false);
  });

  it('fetches a page of the drill-down through the query options', async () => {
    const cache = new QueryClient();
    const page = await cache.fetchQuery(
      q.doraEvents({ projectKey: 'PORTAL', metric: 'leadTimeForChanges', list: 'waitingPullRequests' }),
    );
    expect(page).toMatchObject({
      kind: 'pullRequests',
      list: 'waitingPullRequests',
      metric: 'leadTimeForChanges',
    });
    expect(order).toEqual(['/api/analytics/projects/PORTAL/dora/leadTimeForChanges/events']);
    cache.clear();
  });

  it('retry in one layer: a GET failing with 503 is sent three times in all, a 404 once', async () => {
    // The client retries (twice, after a backoff); the queries never do: before, ky's retry ran
    // inside each of TanStack Query's three attempts, six sends for one failing request.
    const client = createApiClient({ baseUrl: BASE });
    const queries = createQueries(client);
    for (const options of [queries.session(), queries.teams(), queries.dora({ projectKey: 'A' })]) {
      expect(options.retry).toBe(false);
    }
    let sent = 0;
    server.use(
      http.get(`${BASE}/api/teams`, () => {
        sent += 1;
        return HttpResponse.json({ title: 'Unavailable' }, { status: 503 });
      }),
    );
    const cache = new QueryClient();
    const error = await cache.fetchQuery(queries.teams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(503);
    expect(sent).toBe(3);

    sent = 0;
    server.use(
      http.get(`${BASE}/api/teams`, () => {
        sent += 1;
        return HttpResponse.json({ title: 'Not Found' }, { status: 404 });
      }),
    );
    await new QueryClient().fetchQuery(queries.teams()).catch(() => undefined);
    expect(sent).toBe(1);
  });

  it('mutations are never retried', () => {
    const m = createMutations(createApiClient({ baseUrl: BASE }));
    expect([m.signIn().retry, m.signOut().retry, m.createSignedUrl().retry, m.actAs().retry]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('provider staff', () => {
  const staff = { ...fixtures.user, role: 'staff' as const, companyId: null };
  const acting = { ...staff, companyId: 'acme' };

  it('asks no company-scoped route until staff chose a company (the host would answer 403)', () => {
    expect(hasCompanyScope(staff)).toBe(false);
    expect(hasCompanyScope({ ...staff, companyId: undefined })).toBe(false);
    expect(hasCompanyScope(acting)).toBe(true);
    expect(hasCompanyScope(fixtures.user)).toBe(true); // a customer, role and company not sent
    expect(hasCompanyScope({ ...fixtures.user, role: 'customer', companyId: null })).toBe(true);
    expect(hasCompanyScope(null)).toBe(false);
    // Every company-scoped read waits for a company.
    for (const read of [q.profile, q.crm, q.analyticsProjects]) {
      expect(read({ status: 'success', data: staff }).enabled).toBe(false);
      expect(read({ status: 'success', data: acting }).enabled).toBe(true);
    }
  });

  it('lists companies only for staff', () => {
    expect(q.staffCompanies({ status: 'success', data: staff }).enabled).toBe(true);
    expect(q.staffCompanies({ status: 'success', data: fixtures.user }).enabled).toBe(false);
    expect(q.staffCompanies({ status: 'success', data: null }).enabled).toBe(false);
    expect(q.staffCompanies(pending).enabled).toBe(false);
  });

  it('tells a company’s cached data from the session and staff’s own queries', () => {
    const scoped = (queryKey: readonly unknown[]) => isCompanyScopedQuery({ queryKey });
    expect(scoped(queryKeys.session())).toBe(false);
    expect(scoped(queryKeys.staffCompanies())).toBe(false);
    for (const key of [
      queryKeys.profile(),
      queryKeys.crm(),
      queryKeys.accountManager(),
      queryKeys.documents(),
      queryKeys.teams(),
      queryKeys.talentAssociations(1),
      queryKeys.knowledgeBase(),
      queryKeys.projectAnalytics('A'),
      queryKeys.dora({ projectKey: 'A' }),
    ]) {
      expect(scoped(key)).toBe(true);
    }
    expect(scoped(['another-library', 'profile'])).toBe(false);
  });
});

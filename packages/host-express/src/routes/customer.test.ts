import { problemSchema, routes } from '@client-portal/api-client';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import {
  ACME_USER,
  GLOBEX_USER,
  SAME_ORIGIN_HEADERS,
  STAFF_USER,
  useDemoHost,
} from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

// Who may call the customer routes, with which bodies, and that each company sees only its own data.

type CustomerRouteId = 'profile' | 'crm' | 'talent' | 'talentAssociations' | 'teams' | 'accountManager';

/** Each route with a valid body (the caller's contact for talent associations). */
function calls(contactId: string): { id: CustomerRouteId; body?: object }[] {
  return [
    { id: 'profile', body: {} },
    { id: 'crm', body: {} },
    { id: 'talent' },
    { id: 'talentAssociations', body: { contactId } },
    { id: 'teams' },
    { id: 'accountManager' },
  ];
}

/** Strings only Globex's data holds (ids, names, keys), and only Acme's. */
const GLOBEX_MARKERS = [
  /globex/i,
  /Storefront/,
  /Data Warehouse/,
  /Dana Whitfield/,
  /Morgan Lee/,
  /\bSHOP\b/,
  /\bDWH\b/,
  /Priya Raman/,
];
const ACME_MARKERS = [
  /acme/i,
  /Alex Carter/,
  /Sam Rivera/,
  /Customer Portal Rebuild/,
  /Route Optimisation/,
  /\bPORTAL\b/,
  /\bROUTE\b/,
  /Jordan Ellis/,
  /Routing Core/,
];

function expectProblem(res: request.Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(problemSchema.parse(res.body).status).toBe(status);
}

describe.each(featureStores)('customer routes: access and isolation on $name', (kind) => {
  const demo = useDemoHost(kind);
  const call = (id: CustomerRouteId, cookie?: string, body?: object) => {
    const route = routes[id];
    return route.method === 'GET' ? demo.get(route.path, cookie) : demo.post(route.path, body ?? {}, cookie);
  };

  it('answers 401 problem+json without a session', async () => {
    for (const { id, body } of calls(DEMO_FIXTURES.contactId)) {
      expectProblem(await call(id, undefined, body), 401);
    }
  });

  it('answers each customer with their own company only, every body matching the contract', async () => {
    const tenants = [
      { user: ACME_USER, contactId: DEMO_FIXTURES.contactId, foreign: GLOBEX_MARKERS },
      { user: GLOBEX_USER, contactId: DEMO_FIXTURES.foreign.contactId, foreign: ACME_MARKERS },
    ];
    for (const { user, contactId, foreign } of tenants) {
      const cookie = await demo.signIn(user);
      for (const { id, body } of calls(contactId)) {
        const res = await call(id, cookie, body);
        expect(res.status, `${user} ${id}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        routes[id].response.parse(res.body);
        const text = JSON.stringify(res.body);
        for (const marker of foreign) expect(text, `${user} ${id}`).not.toMatch(marker);
      }
    }
  });

  it('refuses staff until they act for a company, then answers for that company', async () => {
    const staff = await demo.signIn(STAFF_USER);
    await demo.post('/api/auth/act-as', { companyId: null }, staff).expect(200);
    for (const { id, body } of calls(DEMO_FIXTURES.contactId))
      expectProblem(await call(id, staff, body), 403);

    await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.foreign.companyId }, staff).expect(200);
    for (const { id, body } of calls(DEMO_FIXTURES.foreign.contactId)) {
      const res = await call(id, staff, body);
      expect(res.status, id).toBe(200);
      routes[id].response.parse(res.body);
      for (const marker of ACME_MARKERS) expect(JSON.stringify(res.body), id).not.toMatch(marker);
    }
    const crm = routes.crm.response.parse((await call('crm', staff)).body);
    expect(crm.hubspot.deals.map((d) => d.id).every((id) => id.startsWith('globex-'))).toBe(true);

    await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.companyId }, staff).expect(200);
    const profile = routes.profile.response.parse((await call('profile', staff)).body);
    expect(profile.profile.company.id).toBe(DEMO_FIXTURES.companyId);
  });

  it('lets staff read the talent of any contact of the company they act for, and no other', async () => {
    const staff = await demo.signIn(STAFF_USER);
    await demo.post('/api/auth/act-as', { companyId: DEMO_FIXTURES.companyId }, staff).expect(200);
    const other = await call('talentAssociations', staff, { contactId: 'acme-c-2' }).expect(200);
    const ids = routes.talentAssociations.response.parse(other.body).talent.map((t) => t.id);
    expect(ids.sort()).toEqual(['t-06', 't-07', 't-12']);
    expectProblem(
      await call('talentAssociations', staff, { contactId: DEMO_FIXTURES.foreign.contactId }),
      404,
    );
  });

  it('answers 404 for any contact but the customer’s own, the same as for one that does not exist', async () => {
    const acme = await demo.signIn(ACME_USER);
    const missing = await call('talentAssociations', acme, { contactId: 'no-such-contact' });
    expectProblem(missing, 404);
    for (const contactId of [DEMO_FIXTURES.foreign.contactId, 'acme-c-2', 12345]) {
      const res = await call('talentAssociations', acme, { contactId });
      expectProblem(res, 404);
      expect(res.body).toEqual(missing.body);
    }
    const own = await call('talentAssociations', acme, { contactId: DEMO_FIXTURES.contactId }).expect(200);
    routes.talentAssociations.response.parse(own.body);
  });

  it('ignores the compatibility bodies of profile and hubspot: naming another company changes nothing', async () => {
    const acme = await demo.signIn(ACME_USER);
    const globex = await demo.signIn(GLOBEX_USER);
    const globexProfile = (await call('profile', globex)).body;
    const expected = {
      profile: (await call('profile', acme)).body,
      crm: (await call('crm', acme)).body,
    };
    const bodies = {
      profile: [
        { user: { email: GLOBEX_USER, sub: 'u-demo-globex', contactId: DEMO_FIXTURES.foreign.contactId } },
        { user: 'anything', companyId: DEMO_FIXTURES.foreign.companyId, extra: [1, 2, 3] },
      ],
      crm: [
        { profileData: globexProfile },
        { profileData: null, companyId: DEMO_FIXTURES.foreign.companyId },
      ],
    };
    for (const id of ['profile', 'crm'] as const) {
      for (const body of bodies[id]) {
        const res = await call(id, acme, body).expect(200);
        expect(res.body, id).toEqual(expected[id]);
      }
      // The body may be left out altogether (a JSON request without one).
      const empty = await request(demo.host.app)
        .post(routes[id].path)
        .set(SAME_ORIGIN_HEADERS)
        .set('Cookie', acme)
        .set('Content-Type', 'application/json')
        .expect(200);
      expect(empty.body, id).toEqual(expected[id]);
    }
  });

  it('answers bad bodies with 400, 413 or 415 problem+json, never 500', async () => {
    const acme = await demo.signIn(ACME_USER);
    const raw = (path: string, contentType: string, body: string) =>
      request(demo.host.app)
        .post(path)
        .set(SAME_ORIGIN_HEADERS)
        .set('Cookie', acme)
        .set('Content-Type', contentType)
        .send(body);
    for (const id of ['profile', 'crm', 'talentAssociations'] as const) {
      const path = routes[id].path;
      expectProblem(await raw(path, 'application/json', '{"user":'), 400);
      expectProblem(await raw(path, 'application/json', '[]'), 400);
      expectProblem(await raw(path, 'application/json', '"text"'), 400);
      expectProblem(await raw(path, 'application/json', `{"pad":"${'x'.repeat(70 * 1024)}"}`), 413);
      expectProblem(await raw(path, 'text/plain', '{}'), 415);
      expectProblem(await raw(path, 'application/x-www-form-urlencoded', 'contactId=acme-c-1'), 415);
    }
    const associations = routes.talentAssociations.path;
    for (const body of [
      {},
      { contactId: DEMO_FIXTURES.contactId, extra: true },
      { contactId: '' },
      { contactId: 'x'.repeat(129) },
      { contactId: -1 },
      { contactId: 1.5 },
      { contactId: null },
      { contactId: [DEMO_FIXTURES.contactId] },
    ]) {
      const res = await demo.post(associations, body, acme);
      expectProblem(res, 400);
    }
    const unknown = await demo.post(
      associations,
      { contactId: DEMO_FIXTURES.contactId, companyId: 'globex' },
      acme,
    );
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: '' })]);
    // A JSON request without a body: the contact id is required.
    const noBody = await request(demo.host.app)
      .post(associations)
      .set(SAME_ORIGIN_HEADERS)
      .set('Cookie', acme)
      .set('Content-Type', 'application/json');
    expectProblem(noBody, 400);
  });
});

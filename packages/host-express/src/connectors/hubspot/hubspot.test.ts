import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../../test-support/stores.js';
import { syncStatus } from '../sync-state.js';
import { addDeals, type FakeHubspot, hubspotTime, startFakeHubspot } from '../test-support/fake-hubspot.js';
import { readHubspotSettings, type HubspotSettings } from './settings.js';
import { hubspotDay, syncHubspot } from './sync.js';

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
/** Fast retries: the behaviour is what the tests look at, not the waiting. */
const FAST = { backoffBaseMs: 5, backoffLimitMs: 20, maxRetryAfterMs: 2_000 };
const NOW = new Date('2026-06-30T12:00:00Z');
const PROJECT_TYPE = '2-1234567';
const T0 = Date.UTC(2026, 3, 1);

/**
 * The account: Acme (HubSpot 5001) with two contacts, 252 deals and two projects; Globex (5002)
 * with one contact and one deal. The portal already had Acme's first contact (by e-mail), the
 * PORTAL project (analytics-only) and Jordan (by e-mail), which the sync adopts.
 */
function account(hubspot: FakeHubspot): void {
  hubspot.owners = [
    {
      id: '71',
      email: 'Jordan.Ellis@provider.example',
      firstName: 'Jordan',
      lastName: 'Ellis',
      userId: 9001,
    },
    { id: '72', email: 'priya.raman@provider.example', firstName: 'Priya', lastName: 'Raman', userId: 9002 },
    { id: '73', email: 'nobody@provider.example', firstName: 'No', lastName: 'Body', userId: 9003 },
  ];
  hubspot.meetingLinks.set(9001, 'https://meetings.hubspot.com/jordan-ellis');
  hubspot.meetingLinks.set(9002, 'https://meetings.hubspot.com/priya-raman');
  hubspot.pipelines = [
    {
      id: 'default',
      label: 'Sales pipeline',
      stages: [
        { id: 'active', label: 'Active' },
        { id: 'closedwon', label: 'Completed' },
      ],
    },
    { id: '777', label: 'Renewals', stages: [{ id: '1234912', label: 'On Hold' }] },
  ];
  hubspot.dealPropertyOptions.set('service_type', [
    { value: 'premium_teams', label: 'Premium Teams' },
    { value: 'staff_aug', label: 'Staff Augmentation' },
    { value: 'analytics', label: 'Analytics' },
  ]);
  const modified = (minutes: number) => hubspotTime(T0 + minutes * 60_000);
  hubspot.put('companies', '5001', {
    name: 'Acme Corporation',
    domain: 'acme.example',
    hs_logo_url: 'https://cdn.example/acme.png',
    hubspot_owner_id: '71',
    hs_lastmodifieddate: modified(1),
  });
  hubspot.put('companies', '5002', {
    name: 'Globex Industries',
    domain: null,
    hs_logo_url: null,
    hubspot_owner_id: '72',
    hs_lastmodifieddate: modified(2),
  });
  const contact = (id: string, company: string, props: Record<string, string | null>, minutes: number) =>
    hubspot.put('contacts', id, { ...props, lastmodifieddate: modified(minutes) }, company);
  contact(
    '101',
    '5001',
    {
      email: 'demo@acme.example',
      firstname: 'Alex',
      lastname: 'Carter',
      phone: '+1 555 0100',
      jobtitle: 'Head of Engineering',
      lifecyclestage: '249503789',
      hubspot_owner_id: '72',
    },
    3,
  );
  contact(
    '102',
    '5001',
    {
      email: 'sam.rivera@acme.example',
      firstname: 'Sam',
      lastname: 'Rivera',
      phone: null,
      jobtitle: 'CTO',
      lifecyclestage: 'customer',
      hubspot_owner_id: null,
    },
    4,
  );
  contact(
    '201',
    '5002',
    {
      email: 'demo@globex.example',
      firstname: 'Dana',
      lastname: 'Whitfield',
      phone: null,
      jobtitle: null,
      lifecyclestage: 'opportunity',
      hubspot_owner_id: '999',
    },
    5,
  );
  hubspot.put(
    'deals',
    '801',
    {
      dealname: 'Premium Team 2026',
      dealstage: 'active',
      pipeline: 'default',
      service_type: 'premium_teams',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      hours: '1200',
      hs_lastmodifieddate: modified(6),
    },
    '5001',
  );
  hubspot.put(
    'deals',
    '802',
    {
      dealname: 'Staff augmentation',
      dealstage: '1234912',
      pipeline: '777',
      service_type: 'staff_aug',
      // A datetime property and an epoch: both are days in the store.
      start_date: '2025-07-01T00:00:00.000Z',
      end_date: String(Date.UTC(2026, 5, 30)),
      hours: null,
      hs_lastmodifieddate: modified(7),
    },
    '5001',
  );
  addDeals(hubspot, '5001', 250, { firstId: 900_000, from: T0 + 10 * 60_000 });
  hubspot.put(
    'deals',
    '803',
    {
      dealname: 'Analytics',
      dealstage: 'closedwon',
      service_type: 'analytics',
      start_date: null,
      end_date: null,
      hours: '-5',
      hs_lastmodifieddate: modified(8),
    },
    '5002',
  );
  hubspot.put(
    PROJECT_TYPE,
    '301',
    { name: 'Client Portal', jira_key: 'PORTAL', hs_lastmodifieddate: modified(9) },
    '5001',
  );
  hubspot.put(
    PROJECT_TYPE,
    '302',
    { name: 'Route Planner', jira_key: 'ROUTE', hs_lastmodifieddate: modified(10) },
    '5001',
  );
}

describe.each(featureStores)('HubSpot sync on $name', (kind) => {
  let store: TestStore;
  let hubspot: FakeHubspot;
  let settings: HubspotSettings;
  const run = (options: Parameters<typeof syncHubspot>[2] = {}) =>
    syncHubspot(store.db, settings, { now: () => NOW, http: FAST, ...options });
  const deals = (company = 'acme') =>
    store.db
      .selectFrom('deals')
      .select(['id', 'hubspot_id', 'name', 'service_type', 'stage', 'start_date', 'end_date', 'hours'])
      .where('company_id', '=', company)
      .orderBy('id')
      .execute();
  const versions = () => store.db.selectFrom('read_versions').selectAll().orderBy('scope').execute();

  beforeAll(async () => {
    store = await kind.open();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    hubspot = await startFakeHubspot(TOKEN);
    account(hubspot);
    settings = {
      accessToken: TOKEN,
      apiUrl: hubspot.url,
      deal: { serviceType: 'service_type', startDate: 'start_date', endDate: 'end_date', hours: 'hours' },
      projects: { objectType: PROJECT_TYPE, jiraKeyProperty: 'jira_key', nameProperty: 'name' },
      meetingLinks: { kind: 'scheduler' },
    };
    const db = store.db;
    await db.deleteFrom('sync_state').execute();
    await db.deleteFrom('users').execute();
    await db.deleteFrom('deals').execute();
    await db.deleteFrom('contacts').execute();
    await db.deleteFrom('projects').execute();
    await db.deleteFrom('companies').execute();
    await db.deleteFrom('account_managers').execute();
    await db
      .insertInto('account_managers')
      .values({ id: 'am-jordan', name: 'J. Ellis', email: 'jordan.ellis@provider.example' })
      .execute();
    await db
      .insertInto('companies')
      .values([
        { id: 'acme', name: 'Acme', hubspot_id: '5001', account_manager_id: null },
        {
          id: 'globex',
          name: 'Globex',
          domain: 'globex.example',
          logo_url: 'https://x.example/g.png',
          hubspot_id: '5002',
        },
        { id: 'plain', name: 'Not in HubSpot' },
      ])
      .execute();
    await db
      .insertInto('contacts')
      .values({ id: 'acme-c-1', company_id: 'acme', email: 'DEMO@acme.example', first_name: 'Al' })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'u-acme',
        email: 'demo@acme.example',
        display_name: 'Alex',
        role: 'customer',
        company_id: 'acme',
        contact_id: 'acme-c-1',
      })
      .execute();
    await db
      .insertInto('projects')
      .values([
        {
          id: 'acme-portal',
          company_id: 'acme',
          name: 'Portal',
          jira_key: 'PORTAL',
          in_crm: false,
          analytics_enabled: true,
        },
        {
          id: 'acme-fleet',
          company_id: 'acme',
          name: 'Fleet',
          jira_key: 'FLEET',
          in_crm: false,
          analytics_enabled: true,
        },
      ])
      .execute();
  });
  afterEach(async () => {
    await hubspot.close();
  });

  it('stores the companies, contacts, deals, projects and account managers, in a known number of requests', async () => {
    const result = await run();
    expect(result.scopes.map((s) => [s.scope, s.error])).toEqual([
      ['acme', null],
      ['globex', null],
    ]);
    // Run: owners 1, pipelines 1, service-type options 1, meeting links 2 (the two owners named).
    // Acme: company 1, contacts 1 + 1, deals 1 + 3 (252), projects 1 + 1. Globex: 1, 1 + 1, 1 + 1, 1.
    expect(result.requests).toBe(5 + 9 + 6);
    expect(hubspot.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const batches = hubspot.requests.filter((r) => r.path.endsWith('/batch/read'));
    expect(batches.map((r) => (r.body as { inputs: unknown[] }).inputs.length)).toEqual([
      2, 100, 100, 52, 2, 1, 1,
    ]);
    expect(result.scopes[0]!.counts).toMatchObject({
      requests: 9 + 5, // the run's reads happen during Acme
      received: 1 + 2 + 252 + 2,
      created: 1 + 252 + 1,
      updated: 1 + 1 + 1,
      unchanged: 0,
    });

    const companies = await store.db
      .selectFrom('companies')
      .select(['id', 'name', 'domain', 'logo_url', 'account_manager_id'])
      .orderBy('id')
      .execute();
    expect(companies).toEqual([
      {
        id: 'acme',
        name: 'Acme Corporation',
        domain: 'acme.example',
        logo_url: 'https://cdn.example/acme.png',
        account_manager_id: 'am-jordan',
      },
      // HubSpot has no domain or logo: the portal's stay.
      {
        id: 'globex',
        name: 'Globex Industries',
        domain: 'globex.example',
        logo_url: 'https://x.example/g.png',
        account_manager_id: '72',
      },
      { id: 'plain', name: 'Not in HubSpot', domain: null, logo_url: null, account_manager_id: null },
    ]);

    const managers = await store.db
      .selectFrom('account_managers')
      .select(['id', 'name', 'email', 'booking_url', 'hubspot_id'])
      .orderBy('id')
      .execute();
    expect(managers).toEqual([
      {
        id: '72',
        name: 'Priya Raman',
        email: 'priya.raman@provider.example',
        booking_url: 'https://meetings.hubspot.com/priya-raman',
        hubspot_id: '72',
      },
      // Adopted by e-mail: the portal's id stays.
      {
        id: 'am-jordan',
        name: 'Jordan Ellis',
        email: 'Jordan.Ellis@provider.example',
        booking_url: 'https://meetings.hubspot.com/jordan-ellis',
        hubspot_id: '71',
      },
    ]);

    const contacts = await store.db
      .selectFrom('contacts')
      .select([
        'id',
        'company_id',
        'hubspot_id',
        'email',
        'first_name',
        'last_name',
        'phone',
        'job_title',
        'lifecycle_stage',
        'owner_id',
      ])
      .orderBy('id')
      .execute();
    expect(contacts).toEqual([
      {
        id: 'acme-c-1',
        company_id: 'acme',
        hubspot_id: '101',
        email: 'demo@acme.example',
        first_name: 'Alex',
        last_name: 'Carter',
        phone: '+1 555 0100',
        job_title: 'Head of Engineering',
        lifecycle_stage: '249503789',
        owner_id: '72',
      },
      {
        id: 'acme-hs-102',
        company_id: 'acme',
        hubspot_id: '102',
        email: 'sam.rivera@acme.example',
        first_name: 'Sam',
        last_name: 'Rivera',
        phone: null,
        job_title: 'CTO',
        lifecycle_stage: 'customer',
        owner_id: null,
      },
      {
        id: 'globex-hs-201',
        company_id: 'globex',
        hubspot_id: '201',
        email: 'demo@globex.example',
        first_name: 'Dana',
        last_name: 'Whitfield',
        phone: null,
        job_title: null,
        lifecycle_stage: 'opportunity',
        // Owner 999 is not an active owner.
        owner_id: null,
      },
    ]);

    const acmeDeals = await deals();
    expect(acmeDeals).toHaveLength(252);
    expect(acmeDeals.find((d) => d.hubspot_id === '801')).toEqual({
      id: 'acme-hs-801',
      hubspot_id: '801',
      name: 'Premium Team 2026',
      service_type: 'Premium Teams',
      stage: 'Active',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      hours: 1200,
    });
    expect(acmeDeals.find((d) => d.hubspot_id === '802')).toMatchObject({
      service_type: 'Staff Augmentation',
      stage: 'On Hold',
      start_date: '2025-07-01',
      end_date: '2026-06-30',
      hours: null,
    });
    expect(await deals('globex')).toEqual([
      expect.objectContaining({
        stage: 'Completed',
        service_type: 'Analytics',
        start_date: null,
        hours: null,
      }),
    ]);

    const projects = await store.db
      .selectFrom('projects')
      .select(['id', 'name', 'jira_key', 'in_crm', 'analytics_enabled', 'hubspot_id'])
      .orderBy('id')
      .execute();
    expect(projects).toEqual([
      {
        id: 'acme-fleet',
        name: 'Fleet',
        jira_key: 'FLEET',
        in_crm: false,
        analytics_enabled: true,
        hubspot_id: null,
      },
      {
        id: 'acme-hs-302',
        name: 'Route Planner',
        jira_key: 'ROUTE',
        in_crm: true,
        analytics_enabled: false,
        hubspot_id: '302',
      },
      // The analytics-only project with the same Jira key is now the CRM's.
      {
        id: 'acme-portal',
        name: 'Client Portal',
        jira_key: 'PORTAL',
        in_crm: true,
        analytics_enabled: true,
        hubspot_id: '301',
      },
    ]);

    const states = await syncStatus(store.db, 'hubspot');
    expect(states.map((s) => [s.scope, s.status, s.lastError])).toEqual([
      ['acme', 'ok', null],
      ['globex', 'ok', null],
    ]);
    // The latest modification among Acme's records: the last generated deal.
    expect(states[0]!.cursor).toEqual({ lastModified: hubspotTime(T0 + (10 + 249) * 60_000) });
  });

  it('writes nothing on a run without changes, then only what changed', async () => {
    await run();
    const before = await versions();
    hubspot.requests.length = 0;
    const again = await run();
    expect(again.scopes.every((s) => s.error === null)).toBe(true);
    expect(again.scopes[0]!.counts).toMatchObject({ created: 0, updated: 0, unchanged: 257 });
    expect(await versions()).toEqual(before);

    // One deal changes stage, one goes away, one contact changes title, a project loses its association.
    const deal = hubspot.objects.get('deals')!.get('801')!;
    Object.assign(deal, { dealstage: 'closedwon', hs_lastmodifieddate: hubspotTime(NOW.getTime()) });
    hubspot.remove('deals', '900000');
    const contact = hubspot.objects.get('contacts')!.get('102')!;
    Object.assign(contact, { jobtitle: 'CEO', lastmodifieddate: hubspotTime(NOW.getTime()) });
    hubspot.associations.set(`5001:${PROJECT_TYPE}`, ['301']);
    const third = await run();
    expect(third.scopes[0]!.counts).toMatchObject({ created: 0, updated: 2 });
    const acmeDeals = await deals();
    expect(acmeDeals).toHaveLength(251);
    expect(acmeDeals.find((d) => d.hubspot_id === '801')!.stage).toBe('Completed');
    expect(
      (await store.db
        .selectFrom('contacts')
        .select('job_title')
        .where('id', '=', 'acme-hs-102')
        .executeTakeFirst())!.job_title,
    ).toBe('CEO');
    const route = await store.db
      .selectFrom('projects')
      .select('in_crm')
      .where('id', '=', 'acme-hs-302')
      .executeTakeFirst();
    expect(route!.in_crm).toBe(false);
    expect((await syncStatus(store.db, 'hubspot'))[0]!.cursor).toEqual({ lastModified: NOW.toISOString() });
  });

  it('with --since, compares every record modified since then (a stage renamed in HubSpot)', async () => {
    await run();
    hubspot.pipelines[0]!.stages[0]!.label = 'Live';
    const quiet = await run();
    // Renaming a stage modifies no deal: the cursor skips them, all but the one modified at the
    // cursor's own instant (compared again, in case another change shared that instant).
    expect(quiet.scopes[0]!.counts.updated).toBe(1);
    const forced = await run({ since: new Date(T0) });
    expect(forced.scopes[0]!.counts.updated).toBe(250);
    expect((await deals()).filter((d) => d.stage === 'Live')).toHaveLength(251);
  });

  it('resumes an interrupted run without duplicates', async () => {
    // The second deals page answers a body that is not JSON (not retried): Acme fails after page 1.
    const seen: string[] = [];
    let faulted = false;
    const first = await run({
      onProgress: (p) => {
        seen.push(`${p.what}:${p.page}`);
        if (p.what === 'deals' && !faulted) {
          faulted = true;
          hubspot.fail('POST /crm/v3/objects/deals/batch/read', { malformed: 'not-json' });
        }
      },
    });
    expect(first.scopes[0]!.error).toMatch(
      /POST \/crm\/v3\/objects\/deals\/batch\/read answered 200 with a body that is not JSON/,
    );
    expect(first.scopes[1]!.error).toBeNull();
    expect(await deals()).toHaveLength(100);
    const [acme] = await syncStatus(store.db, 'hubspot');
    expect(acme).toMatchObject({ status: 'failed', cursor: null });

    const second = await run();
    expect(second.scopes.map((s) => s.error)).toEqual([null, null]);
    // Acme's projects were not reached in the first run: one adopted, one created.
    expect(second.scopes[0]!.counts).toMatchObject({ created: 152 + 1, updated: 1, unchanged: 1 + 2 + 100 });
    const rows = await deals();
    expect(rows).toHaveLength(252);
    expect(new Set(rows.map((r) => r.hubspot_id)).size).toBe(252);
    expect(seen.slice(0, 4)).toEqual(['the company:1', 'contacts:2', 'deals:3', 'the company:1']);
  });

  it('waits out TEN_SECONDLY_ROLLING 429s (with and without Retry-After) and 5xx', async () => {
    hubspot.fail(
      'POST /crm/v3/objects/deals/batch/read',
      { rateLimit: 'TEN_SECONDLY_ROLLING', retryAfter: '0' },
      { rateLimit: 'TEN_SECONDLY_ROLLING' },
      { status: 502 },
    );
    hubspot.fail('GET /crm/v3/owners', { status: 503 });
    const result = await run();
    expect(result.scopes.map((s) => s.error)).toEqual([null, null]);
    expect(result.requests).toBe(20 + 4);
    expect(await deals()).toHaveLength(252);
  });

  it('ends the run at once on the DAILY quota, with one request, leaving the other companies as they were', async () => {
    hubspot.fail('GET /crm/v3/objects/companies/5001', { rateLimit: 'DAILY' });
    const result = await run();
    expect(result.requests).toBe(1);
    expect(hubspot.requests).toHaveLength(1);
    expect(result.scopes[0]!.error).toBe(
      'HubSpot: GET /crm/v3/objects/companies/5001: the daily API quota is used up; the next run resumes',
    );
    expect(result.scopes[1]!.error).toMatch(
      /not synced, an earlier company's request ended the run \(quota\)/,
    );
    const states = await syncStatus(store.db, 'hubspot');
    expect(states.map((s) => [s.scope, s.status])).toEqual([['acme', 'failed']]);
  });

  it('stops at a 401 without retrying, and never quotes the token', async () => {
    const wrong = { ...settings, accessToken: 'pat-na1-wrong-secret-token' };
    const result = await syncHubspot(store.db, wrong, { now: () => NOW, http: FAST });
    expect(hubspot.requests).toHaveLength(1);
    expect(result.scopes[0]!.error).toMatch(/refused \(401\): check the configured credentials/);
    expect(result.scopes[1]!.error).toMatch(/ended the run \(auth\)/);
    const text = JSON.stringify([result, await syncStatus(store.db)]);
    expect(text).not.toContain('wrong-secret');
    expect(text).not.toContain('pat-na1');
    expect(await deals()).toHaveLength(0);
  });

  it('a failing company does not stop the others, and no error quotes the token', async () => {
    hubspot.objects.get('companies')!.delete('5001');
    hubspot.fail('POST /crm/v3/objects/deals/batch/read', ...Array(5).fill({ status: 500 }));
    const result = await run();
    expect(result.scopes[0]!.error).toBe(
      'HubSpot: GET /crm/v3/objects/companies/5001 failed with 404: resource not found',
    );
    // Globex's only deal batch meets five 500s: four retries, then it fails on its own.
    expect(result.scopes[1]!.error).toBe(
      'HubSpot: POST /crm/v3/objects/deals/batch/read failed with 500: Internal error (fault 500)',
    );
    hubspot.requests.length = 0;
    const again = await run();
    expect(again.scopes[1]!.error).toBeNull();
    expect(await deals('globex')).toHaveLength(1);
    const text = JSON.stringify([result, again, await syncStatus(store.db)]);
    expect(text).not.toContain(TOKEN);
  });

  it('reports a body of the wrong shape, and a company id that is not HubSpot’s', async () => {
    await store.db
      .updateTable('companies')
      .set({ hubspot_id: 'acme.example' })
      .where('id', '=', 'acme')
      .execute();
    hubspot.fail('GET /crm/v4/objects/companies/5002/associations/contacts', { malformed: 'wrong-shape' });
    const result = await run();
    expect(result.scopes[0]!.error).toBe('HubSpot: "acme.example" is not a HubSpot company id (digits)');
    expect(result.scopes[1]!.error).toMatch(/answered a body of an unexpected shape \(results: /);
  });

  it('ends between pages when the run is stopped, leaving whole pages', async () => {
    const controller = new AbortController();
    const result = await run({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.what === 'deals') controller.abort();
      },
    });
    expect(result.scopes.map((s) => s.error)).toEqual([
      'HubSpot: the run was stopped before the company finished',
      'HubSpot: not synced, the run was stopped',
    ]);
    expect(await deals()).toHaveLength(100);
    expect((await syncStatus(store.db, 'hubspot')).map((s) => [s.scope, s.status])).toEqual([
      ['acme', 'failed'],
    ]);
  });

  it('takes booking links from a map, and keeps stored links when told to', async () => {
    settings.meetingLinks = {
      kind: 'map',
      links: { 'jordan.ellis@provider.example': 'https://cal.example/jordan' },
    };
    await store.db.updateTable('account_managers').set({ booking_url: 'https://old.example/j' }).execute();
    const result = await run();
    expect(hubspot.requests.some((r) => r.path.startsWith('/scheduler/'))).toBe(false);
    expect(result.requests).toBe(20 - 2);
    const links = await store.db
      .selectFrom('account_managers')
      .select(['id', 'booking_url'])
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      { id: '72', booking_url: null },
      { id: 'am-jordan', booking_url: 'https://cal.example/jordan' },
    ]);
    settings.meetingLinks = { kind: 'keep' };
    await store.db.updateTable('account_managers').set({ booking_url: 'https://kept.example' }).execute();
    await run();
    const kept = await store.db.selectFrom('account_managers').select('booking_url').execute();
    expect(kept.every((k) => k.booking_url === 'https://kept.example')).toBe(true);
  });

  it('syncs 10,000 deals of one company in 126 requests, without projects when none are configured', async () => {
    hubspot.associations.delete('5001:deals');
    addDeals(hubspot, '5001', 10_000, { firstId: 2_000_000 });
    settings.projects = null;
    settings.meetingLinks = { kind: 'keep' };
    const started = Date.now();
    const result = await run();
    const elapsed = Date.now() - started;
    expect(result.scopes.map((s) => s.error)).toEqual([null, null]);
    // Acme: company 1, contacts 1 + 1, deals 20 + 100; the run: owners, pipelines, options 3.
    expect(result.scopes[0]!.counts.requests).toBe(1 + 2 + 120 + 3);
    expect(result.scopes[0]!.counts.created).toBe(10_001);
    expect(await deals()).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);
});

describe('HubSpot settings', () => {
  it('is off without a token, and reads defaults', () => {
    expect(readHubspotSettings({})).toEqual({ settings: null, problems: [] });
    expect(readHubspotSettings({ HUBSPOT_ACCESS_TOKEN: '  ' })).toEqual({ settings: null, problems: [] });
    expect(readHubspotSettings({ HUBSPOT_ACCESS_TOKEN: TOKEN })).toEqual({
      settings: {
        accessToken: TOKEN,
        apiUrl: 'https://api.hubapi.com',
        deal: { serviceType: 'service_type', startDate: 'start_date', endDate: 'end_date', hours: 'hours' },
        projects: null,
        meetingLinks: { kind: 'keep' },
      },
      problems: [],
    });
  });

  it('reads every variable', () => {
    const { settings, problems } = readHubspotSettings({
      HUBSPOT_ACCESS_TOKEN: TOKEN,
      HUBSPOT_API_URL: 'https://hubspot.proxy.example/api/',
      HUBSPOT_DEAL_SERVICE_TYPE_PROPERTY: 'service_line',
      HUBSPOT_DEAL_START_DATE_PROPERTY: 'term_start',
      HUBSPOT_DEAL_END_DATE_PROPERTY: 'term_end',
      HUBSPOT_DEAL_HOURS_PROPERTY: 'contracted_hours',
      HUBSPOT_PROJECT_OBJECT_TYPE: '2-1234567',
      HUBSPOT_PROJECT_JIRA_KEY_PROPERTY: 'jira_project_key',
      HUBSPOT_PROJECT_NAME_PROPERTY: 'project_name',
      HUBSPOT_MEETING_LINKS:
        '71=https://meetings.hubspot.com/a, Priya@Provider.example=https://cal.example/p',
    });
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      apiUrl: 'https://hubspot.proxy.example/api',
      deal: {
        serviceType: 'service_line',
        startDate: 'term_start',
        endDate: 'term_end',
        hours: 'contracted_hours',
      },
      projects: {
        objectType: '2-1234567',
        jiraKeyProperty: 'jira_project_key',
        nameProperty: 'project_name',
      },
      meetingLinks: {
        kind: 'map',
        links: { '71': 'https://meetings.hubspot.com/a', 'priya@provider.example': 'https://cal.example/p' },
      },
    });
    expect(
      readHubspotSettings({ HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_MEETING_LINKS: 'scheduler' }).settings
        ?.meetingLinks,
    ).toEqual({
      kind: 'scheduler',
    });
  });

  it('names each unusable value in one plain sentence, never the token', () => {
    const secret = 'pat-na1-abc def';
    const { settings, problems } = readHubspotSettings({
      HUBSPOT_ACCESS_TOKEN: secret,
      HUBSPOT_API_URL: 'https://user:pw@api.hubapi.com',
      HUBSPOT_DEAL_HOURS_PROPERTY: 'hours; drop',
      HUBSPOT_PROJECT_OBJECT_TYPE: 'projects',
      HUBSPOT_MEETING_LINKS: 'jordan',
    });
    expect(settings).toBeNull();
    expect(problems).toHaveLength(5);
    expect(problems[0]).toBe(
      'HUBSPOT_ACCESS_TOKEN contains spaces or quotes: set it to the private app’s access token alone.',
    );
    expect(problems.every((p) => /^[A-Z_]+ .*\.$/.test(p) && !p.includes('\n'))).toBe(true);
    expect(problems.join(' ')).not.toContain('abc');
  });

  it('reads HubSpot dates as calendar days', () => {
    expect(hubspotDay('2026-03-05')).toBe('2026-03-05');
    expect(hubspotDay('2026-03-05T00:00:00.000Z')).toBe('2026-03-05');
    expect(hubspotDay(String(Date.UTC(2026, 2, 5)))).toBe('2026-03-05');
    expect(hubspotDay('')).toBeNull();
    expect(hubspotDay('soon')).toBeNull();
  });
});

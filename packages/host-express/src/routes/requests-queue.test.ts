import { requestListSchema, staffQueueOptionsSchema } from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_TYPES } from '../requests/types.js';
import { ACME } from '../store/demo/index.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';
import { freshSession, MEMBER_USER, staffActingFor } from './test-support/requests.js';

// The lists: the staff queue across companies (filters, paging, customers 403), the customer's
// list filters, and the CSV export (company admin and staff only; formulas defused).

describe.each(featureStores)('requests routes: queue, list filters and export on $name', (kind) => {
  const demo = useDemoHost(kind);

  const keys = (body: unknown) => requestListSchema.parse(body).items.map((i) => i.key);

  it('gives staff not acting for a company the open requests of every company, by due date', async () => {
    const staff = await freshSession(demo, STAFF_USER);
    const res = await demo.get('/api/staff/requests', staff);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = requestListSchema.parse(res.body);
    // Overdue first, then by due date; undated last, oldest first; the resolved ACME-2 is not open.
    expect(list.items.map((i) => i.key)).toEqual(['ACME-5', 'ACME-3', 'ACME-1', 'ACME-4', 'GLOBEX-1']);
    expect(list.items.map((i) => i.companyName)).toEqual([
      'Acme Corporation',
      'Acme Corporation',
      'Acme Corporation',
      'Acme Corporation',
      'Globex Industries',
    ]);
    expect(list.items[0]).toMatchObject({ status: 'submitted', dueState: 'overdue', assignee: null });
    expect(list.items.find((i) => i.key === 'ACME-1')).toMatchObject({
      commentCount: 2, // the internal note counts for staff
      requester: { name: 'Sam Rivera', provider: false },
      assignee: { name: 'Casey Morgan', provider: true },
    });
    expect(list).toMatchObject({ page: 1, pageSize: 25, hasMore: false });
  });

  it('filters the queue by company, status, due state, type, assignee and search; pages it', async () => {
    const staff = await freshSession(demo, STAFF_USER);
    const queue = async (query: string) => {
      const res = await demo.get(`/api/staff/requests?${query}`, staff);
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
      return res.body;
    };
    expect(keys(await queue('companyId=globex'))).toEqual(['GLOBEX-1']);
    expect(keys(await queue('dueState=overdue'))).toEqual(['ACME-5']);
    expect(keys(await queue('dueState=at_risk'))).toEqual(['ACME-3']);
    expect(keys(await queue('status=resolved'))).toEqual(['ACME-2']);
    expect(keys(await queue('status=awaiting_approval,waiting_on_customer'))).toEqual(['ACME-1', 'ACME-4']);
    expect(keys(await queue('status=waiting_for_you'))).toEqual(['ACME-1', 'ACME-4']);
    expect(keys(await queue('type=talent_request'))).toEqual(['ACME-4']);
    expect(keys(await queue('assignee=me'))).toEqual(['ACME-3', 'ACME-1', 'ACME-4']);
    expect(keys(await queue('assignee=unassigned'))).toEqual(['ACME-5', 'GLOBEX-1']);
    expect(keys(await queue('q=acme-4'))).toEqual(['ACME-4']);
    expect(keys(await queue('q=staging%20deployments'))).toEqual(['ACME-5']);
    expect(keys(await queue('q=100%25'))).toEqual([]);
    const first = requestListSchema.parse(await queue('pageSize=2'));
    expect(first.items.map((i) => i.key)).toEqual(['ACME-5', 'ACME-3']);
    expect(first).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    const last = requestListSchema.parse(await queue('pageSize=2&page=3'));
    expect(last.items.map((i) => i.key)).toEqual(['GLOBEX-1']);
    expect(last.hasMore).toBe(false);
    // Staff acting for a company keep their queue across companies.
    const acting = await staffActingFor(demo, STAFF_USER, ACME);
    expect(keys((await demo.get('/api/staff/requests?companyId=globex', acting).expect(200)).body)).toEqual([
      'GLOBEX-1',
    ]);
    for (const query of ['status=nope', 'type=wish', 'pageSize=0', 'dueState=late', 'q=a']) {
      const res = await demo.get(`/api/staff/requests?${query}`, staff);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('answers customers 403 and no session 401 on the queue', async () => {
    for (const email of [ACME_USER, MEMBER_USER, GLOBEX_USER]) {
      const res = await demo.get('/api/staff/requests', await demo.signIn(email));
      expect({ email, status: res.status }).toEqual({ email, status: 403 });
      expect(res.text).not.toContain('ACME-');
    }
    expect((await demo.get('/api/staff/requests')).status).toBe(401);
  });

  it('offers the queue’s filters: every configured type and every staff member, for staff only', async () => {
    const staff = await freshSession(demo, STAFF_USER);
    const res = await demo.get('/api/staff/requests/options', staff);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const options = staffQueueOptionsSchema.parse(res.body);
    // Every type, host-only ones too (a page of the queue may show none of them), by label.
    expect(options.types.map((t) => t.id).sort()).toEqual(DEFAULT_REQUEST_TYPES.map((t) => t.id).sort());
    const labels = options.types.map((t) => t.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    // Staff only, by name: Casey Morgan is assigned in the demo; no customer is offered.
    expect(options.assignees.map((p) => p.name)).toContain('Casey Morgan');
    expect(options.assignees.every((p) => p.provider)).toBe(true);
    expect(res.text).not.toContain('Sam Rivera');
    for (const email of [ACME_USER, MEMBER_USER, GLOBEX_USER]) {
      const refused = await demo.get('/api/staff/requests/options', await demo.signIn(email));
      expect({ email, status: refused.status }).toEqual({ email, status: 403 });
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await demo.get('/api/staff/requests/options')).status).toBe(401);
  });

  it('filters a customer’s list by subscription, project, talent, type, status label and search', async () => {
    const admin = await demo.signIn(ACME_USER);
    const list = async (query: string) =>
      keys((await demo.get(`/api/requests?scope=company&${query}`, admin).expect(200)).body);
    expect(await list('subscriptionId=acme-d-01')).toEqual(['ACME-1']);
    expect(await list('projectId=acme-wms')).toEqual(['ACME-4']);
    expect(await list('talentId=t-08')).toEqual(['ACME-4']);
    expect(await list('talentId=t-01')).toEqual([]);
    expect(await list('type=document_request')).toEqual(['ACME-3']);
    expect(await list('status=waiting_for_you')).toEqual(['ACME-1', 'ACME-4']);
    expect(await list('status=resolved,closed')).toEqual(['ACME-2']);
    expect(await list('q=lead%20time')).toEqual(['ACME-2']);
    // A number matches the request's number or a word of the title ("2025").
    expect(await list('q=2025')).toEqual(['ACME-3']);
    const page = requestListSchema.parse(
      (await demo.get('/api/requests?scope=company&pageSize=2', admin).expect(200)).body,
    );
    expect(page.items.map((i) => i.key)).toEqual(['ACME-5', 'ACME-3']);
    expect(page.hasMore).toBe(true);
    // Counts for a customer: public comments only.
    const acme1 = requestListSchema
      .parse((await demo.get('/api/requests?scope=company&q=ACME-1', admin)).body)
      .items.find((i) => i.key === 'ACME-1');
    expect(acme1?.commentCount).toBe(1);
    expect(acme1?.status).toBeUndefined();
    // "mine" (the default): the admin filed ACME-2 and ACME-4.
    expect(keys((await demo.get('/api/requests', admin)).body)).toEqual(['ACME-2', 'ACME-4']);
  });

  it('exports the company’s requests as CSV for the admin and staff, formulas defused; 403 for members', async () => {
    const admin = await demo.signIn(ACME_USER);
    const member = await demo.signIn(MEMBER_USER);
    await demo
      .post(
        '/api/requests',
        { type: 'question', title: '=HYPERLINK("https://evil.example","Click, here")', priority: 'low' },
        member,
      )
      .expect(201);
    await demo.post('/api/requests', { type: 'question', title: '@SUM(A1:A2)' }, member).expect(201);

    const res = await demo.get('/api/requests/export.csv?scope=company', admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="requests-acme-corporation-2025-06-16.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Key,Type,Title,Status,Priority,Due date,Due state,Next check-in,Requester,Assignee,Created,Updated',
    );
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1]).toBe(
      `ACME-5,Escalation,Staging deployments failing since Monday,Submitted,urgent,2025-06-15T23:59:59.999Z,Overdue,,Sam Rivera,,${'2025-06-14T09:00:00.000Z'},2025-06-14T09:00:00.000Z`,
    );
    expect(text).toContain('ACME-4,Talent request or replacement,');
    expect(text).toContain(',Waiting for you,');
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click, here"")"`);
    expect(text).toContain(",'@SUM(A1:A2),");
    expect(text).not.toContain('awaiting_approval');
    expect(text).not.toContain('Internal');
    // Filters apply to the export as to the list.
    const filtered = await demo.get('/api/requests/export.csv?scope=company&type=talent_request', admin);
    expect(filtered.text.split('\r\n').filter(Boolean)).toHaveLength(2);

    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const staffCsv = await demo.get('/api/requests/export.csv', staff);
    expect(staffCsv.status).toBe(200);
    expect(staffCsv.text).not.toContain('GLOBEX');
    expect(staffCsv.text).not.toContain('awaiting_approval');

    const refused = await demo.get('/api/requests/export.csv', member);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
  it('limits filing to 30 requests per user per 10 minutes and comments to 60 a minute (429, Retry-After)', async () => {
    const globex = await demo.signIn(GLOBEX_USER);
    for (let i = 1; i <= 30; i += 1) {
      await demo.post('/api/requests', { type: 'question', title: `Question ${i}` }, globex).expect(201);
    }
    const refused = await demo.post('/api/requests', { type: 'question', title: 'One too many' }, globex);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (let i = 1; i <= 60; i += 1) {
      await demo.post('/api/requests/GLOBEX-1/comments', { body: `Comment ${i}` }, globex).expect(200);
    }
    const tooMany = await demo.post('/api/requests/GLOBEX-1/comments', { body: 'One more' }, globex);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
  });
});

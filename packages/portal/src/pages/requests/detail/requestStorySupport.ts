import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import { getResponse, type HttpHandler, HttpResponse, http } from 'msw';

// Stories of the request page: the contract's mock API with a fresh in-memory backend for every
// run (a story that approves or answers does not change the next one's data), and answers that put
// one request or the meta in another state (a member, staff, a stale version…).

const NO_STORE = { 'cache-control': 'no-store' };

/** The contract's mocks over fixtures made anew before each story runs. */
export function freshBackend() {
  let fixtures = createPortalFixtures();
  let routes = handlers({}, { fixtures });
  return {
    handlers: [http.all('*/api/*', ({ request }) => getResponse(routes, request))] as HttpHandler[],
    get fixtures() {
      return fixtures;
    },
    reset: () => {
      fixtures = createPortalFixtures();
      routes = handlers({}, { fixtures });
    },
  };
}

/** A request as the fixtures have it (NORTH-1 … NORTH-7), for building variants. */
export function fixtureRequest(key: string): RequestDetail {
  const found = createPortalFixtures().requests.get(key);
  if (!found) throw new Error(`no fixture request ${key}`);
  return structuredClone(found);
}

export const fixtureMeta = (): RequestMeta => createPortalFixtures().requests.meta();

/** GET /api/requests/<key> answered with `detail` (ETag its version). */
export const detailAnswer = (detail: RequestDetail) =>
  http.get(`*/api/requests/${detail.key}`, () =>
    HttpResponse.json(detail, { headers: { ...NO_STORE, etag: `"${detail.version}"` } }),
  );

/** GET /api/requests/meta answered with the fixtures' meta changed. */
export const metaAnswer = (change: Partial<RequestMeta>) =>
  http.get('*/api/requests/meta', () =>
    HttpResponse.json({ ...fixtureMeta(), ...change }, { headers: NO_STORE }),
  );

const problem = (status: number, title: string, detail: string) =>
  HttpResponse.json(
    { type: 'about:blank', title, status, detail },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** A route that answers a problem until `recover()`; then the mocks answer. */
export function failingOnce(
  method: 'get' | 'post',
  path: string,
  status: number,
  title: string,
  detail: string,
) {
  let failing = true;
  let calls = 0;
  const handler = http[method](path, () => {
    calls += 1;
    if (!failing) return undefined;
    failing = false;
    return problem(status, title, detail);
  });
  return {
    handler,
    get calls() {
      return calls;
    },
    reset: () => {
      failing = true;
      calls = 0;
    },
  };
}

export { problem };

const ALEX = { id: 'staff_01J0A1', name: 'Alex Rivera', provider: true };
const SAM = { id: 'staff_01J0A2', name: 'Sam Whitfield', provider: true };

/** NORTH-1 as provider staff acting for Northwind see it: the internal status, an internal note, triage. */
export function staffView(): { detail: RequestDetail; meta: RequestMeta } {
  const detail = fixtureRequest('NORTH-1');
  detail.status = 'awaiting_approval';
  detail.actions = ['resolve', 'close'];
  detail.can = { ...detail.can, internalNote: true, triage: true, readHistory: true };
  detail.timeline.push({
    kind: 'comment',
    id: 'NORTH-1-internal',
    at: detail.updatedAt,
    actor: SAM,
    onBehalfOf: detail.companyName,
    body: 'Budget owner is Jonas; Maya approves. Do not start before the PO number arrives.',
    internal: true,
  });
  return { detail, meta: { ...fixtureMeta(), staff: true, companyAdmin: false, assignees: [ALEX, SAM] } };
}

/** NORTH-1 as a member of the company sees it: no approval (the admin approves), no history. */
export function memberView(): { detail: RequestDetail; meta: RequestMeta } {
  const detail = fixtureRequest('NORTH-1');
  detail.actions = [];
  detail.can = { ...detail.can, changeVisibility: false, readHistory: false };
  return { detail, meta: { ...fixtureMeta(), companyAdmin: false } };
}

/** A request with a very long description and title and 50 comments. */
export function longRequest(): RequestDetail {
  const detail = fixtureRequest('NORTH-2');
  detail.title =
    'Can we move the sprint review to Thursdays, and while we are at it also the planning, the retrospective and the monthly steering committee with the regional directors?';
  detail.description = Array.from(
    { length: 30 },
    (_, i) =>
      `Paragraph ${i + 1}: our product owner is out on Wednesdays from next month, so every ceremony that needs her has to move; a_very_long_identifier_without_any_spaces_${'x'.repeat(60)}.`,
  ).join('\n\n');
  const start = Date.parse(detail.createdAt);
  for (let i = 0; i < 50; i += 1) {
    const staff = i % 2 === 1;
    detail.timeline.push({
      kind: 'comment',
      id: `long-${i}`,
      at: new Date(start + (i + 1) * 3_600_000).toISOString(),
      actor: staff ? SAM : detail.requester,
      onBehalfOf: staff ? detail.companyName : null,
      body: `Comment ${i + 1}. ${'We looked at the calendar again and this is what works for the team. '.repeat((i % 4) + 1)}`,
      internal: false,
    });
  }
  return detail;
}

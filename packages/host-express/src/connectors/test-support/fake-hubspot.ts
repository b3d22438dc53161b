import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A HubSpot account on loopback answering the calls the connector makes with the shapes HubSpot
// documents: objects with `properties` (values are strings), GET /crm/v3/objects/companies/{id},
// associations v4 (GET …/associations/{type}: `results[].toObjectId`, 500 a page, paging.next.after),
// POST /crm/v3/objects/{type}/batch/read (100 inputs at most; missing ids as a 207 with `errors`),
// GET /crm/v3/pipelines/deals (stages {id, label}), GET /crm/v3/properties/deals/{name} (options),
// GET /crm/v3/owners (paged), GET /scheduler/v3/meetings/meeting-links, 401 with HubSpot's body
// without the right Bearer token. Faults are queued per route to answer 429 TEN_SECONDLY_ROLLING
// (with or without Retry-After), 429 DAILY, 5xx, malformed bodies, … before the real answer.
//
// Records live in Maps and pages are slices, so tens of thousands of deals cost milliseconds.

export type Props = Record<string, string | null>;

export interface FakeOwner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
}

export type HubspotFault =
  | { status: number; retryAfter?: string; body?: string | object }
  | { rateLimit: 'TEN_SECONDLY_ROLLING' | 'DAILY'; retryAfter?: string }
  | { malformed: 'not-json' | 'wrong-shape' };

export interface SeenHubspotRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON of a POST. */
  body: unknown;
  authorization: string | undefined;
}

export interface FakeHubspot {
  url: string;
  /** objectType ('companies', 'contacts', 'deals', '2-…') → id → properties. */
  objects: Map<string, Map<string, Props>>;
  /** `${companyId}:${toType}` → associated ids, in order. */
  associations: Map<string, string[]>;
  owners: FakeOwner[];
  pipelines: { id: string; label: string; stages: { id: string; label: string }[] }[];
  /** Deal property name → enumeration options. */
  dealPropertyOptions: Map<string, { value: string; label: string }[]>;
  /** userId → personal meetings link. */
  meetingLinks: Map<number, string>;
  requests: SeenHubspotRequest[];
  /** Stores a record (and associates it with `companyId` when given). */
  put(objectType: string, id: string, properties: Props, companyId?: string): void;
  /** Removes a record (archived): batch reads answer it as not found. */
  remove(objectType: string, id: string): void;
  /**
   * Faults answered, in order, before the real answers of requests whose "METHOD path" contains
   * `route`, e.g. 'GET /crm/v3/objects/companies/5001', 'POST /crm/v3/objects/deals/batch/read'.
   */
  fail(route: string, ...faults: HubspotFault[]): void;
  close(): Promise<void>;
}

/** HubSpot's ISO timestamps. */
export const hubspotTime = (ms: number): string => new Date(ms).toISOString();

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const correlationId = () => '4f1f3c2a-8d6e-4b0e-9c7a-2e5d7f9b1a3c';

function answerFault(res: ServerResponse, fault: HubspotFault): void {
  if ('malformed' in fault) {
    if (fault.malformed === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    } else {
      send(res, 200, { results: 'none', paging: 7 });
    }
    return;
  }
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  if ('rateLimit' in fault) {
    const daily = fault.rateLimit === 'DAILY';
    send(
      res,
      429,
      {
        status: 'error',
        message: daily
          ? 'You have reached your daily limit.'
          : 'You have reached your ten_secondly_rolling limit.',
        errorType: 'RATE_LIMIT',
        correlationId: correlationId(),
        policyName: fault.rateLimit,
        groupName: daily ? 'api-calls-daily' : 'api-calls-burst',
      },
      {
        ...headers,
        'x-hubspot-ratelimit-daily': '250000',
        'x-hubspot-ratelimit-daily-remaining': daily ? '0' : '120000',
      },
    );
    return;
  }
  send(
    res,
    fault.status,
    fault.body ?? {
      status: 'error',
      message: `Internal error (fault ${fault.status})`,
      correlationId: correlationId(),
      category: fault.status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR',
    },
    headers,
  );
}

function pageOf<T>(items: readonly T[], query: URLSearchParams, max: number, path: string) {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 100) || 100, 1), max);
  const offset = Number(query.get('after') ?? 0) || 0;
  const slice = items.slice(offset, offset + limit);
  const next = offset + slice.length;
  return {
    slice,
    paging:
      next < items.length
        ? { next: { after: String(next), link: `http://hubspot.test${path}?after=${next}` } }
        : undefined,
  };
}

export async function startFakeHubspot(accessToken: string): Promise<FakeHubspot> {
  const faults = new Map<string, HubspotFault[]>();
  const objects = new Map<string, Map<string, Props>>();
  const associations = new Map<string, string[]>();
  const table = (type: string) => {
    let found = objects.get(type);
    if (!found) {
      found = new Map();
      objects.set(type, found);
    }
    return found;
  };
  const fake: Omit<FakeHubspot, 'url' | 'close'> = {
    objects,
    associations,
    owners: [],
    pipelines: [],
    dealPropertyOptions: new Map(),
    meetingLinks: new Map(),
    requests: [],
    put(type, id, properties, companyId) {
      table(type).set(id, properties);
      if (companyId !== undefined) {
        const key = `${companyId}:${type}`;
        const list = associations.get(key) ?? [];
        // Long generated lists skip the full duplicate check (it would make them quadratic); HubSpot
        // itself may list an id twice (once per association label), which the connector handles.
        if (list[list.length - 1] !== id && !(list.length < 1000 && list.includes(id))) list.push(id);
        associations.set(key, list);
      }
    },
    remove(type, id) {
      table(type).delete(id);
      for (const [key, list] of associations) {
        if (key.endsWith(`:${type}`))
          associations.set(
            key,
            list.filter((x) => x !== id),
          );
      }
    },
    fail: (route, ...queued) => faults.set(route, [...(faults.get(route) ?? []), ...queued]),
  };

  const record = (id: string, properties: Props) => {
    const modified = properties.hs_lastmodifieddate ?? properties.lastmodifieddate ?? hubspotTime(0);
    return {
      id,
      properties: { hs_object_id: id, ...properties },
      createdAt: properties.createdate ?? modified,
      updatedAt: modified,
      archived: false,
    };
  };
  const pick = (props: Props, names: readonly string[]): Props =>
    Object.fromEntries(names.map((n) => [n, props[n] ?? null]));

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://hubspot.test');
    const path = url.pathname;
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    fake.requests.push({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(res, 401, {
        status: 'error',
        message:
          'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
        correlationId: correlationId(),
        category: 'INVALID_AUTHENTICATION',
      });
    }
    const route = `${req.method} ${path}`;
    for (const [pattern, queued] of faults) {
      if (queued.length > 0 && route.includes(pattern))
        return answerFault(res, queued.shift() as HubspotFault);
    }

    let m = /^\/crm\/v3\/objects\/companies\/(\d+)$/.exec(path);
    if (m && req.method === 'GET') {
      const props = table('companies').get(m[1] as string);
      if (!props) {
        return send(res, 404, {
          status: 'error',
          message: 'resource not found',
          correlationId: correlationId(),
          category: 'OBJECT_NOT_FOUND',
        });
      }
      const names = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
      return send(res, 200, record(m[1] as string, pick(props, [...names, 'hs_lastmodifieddate'])));
    }
    m = /^\/crm\/v4\/objects\/companies\/(\d+)\/associations\/([\w-]+)$/.exec(path);
    if (m && req.method === 'GET') {
      const ids = associations.get(`${m[1]}:${m[2]}`) ?? [];
      const { slice, paging } = pageOf(ids, url.searchParams, 500, path);
      return send(res, 200, {
        results: slice.map((id) => ({
          toObjectId: Number(id),
          associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 280, label: null }],
        })),
        ...(paging ? { paging } : {}),
      });
    }
    m = /^\/crm\/v3\/objects\/([\w-]+)\/batch\/read$/.exec(path);
    if (m && req.method === 'POST') {
      const request = body as { inputs?: { id: string }[]; properties?: string[] } | null;
      const inputs = request?.inputs ?? [];
      if (!Array.isArray(inputs) || inputs.length > 100) {
        return send(res, 400, {
          status: 'error',
          message: 'Batch input must contain at most 100 inputs.',
          correlationId: correlationId(),
          category: 'VALIDATION_ERROR',
        });
      }
      const type = table(m[1] as string);
      const names = [...(request?.properties ?? []), 'hs_lastmodifieddate', 'lastmodifieddate'];
      const results = [];
      const missing: string[] = [];
      for (const { id } of inputs) {
        const props = type.get(String(id));
        if (props) results.push(record(String(id), pick(props, names)));
        else missing.push(String(id));
      }
      const started = new Date().toISOString();
      if (missing.length > 0) {
        return send(res, 207, {
          status: 'COMPLETE',
          results,
          numErrors: 1,
          errors: [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: `Could not get some ${m[1]} objects, they may be deleted or not exist. Check that ids are valid.`,
              context: { ids: missing },
            },
          ],
          startedAt: started,
          completedAt: started,
        });
      }
      return send(res, 200, { status: 'COMPLETE', results, startedAt: started, completedAt: started });
    }
    if (path === '/crm/v3/pipelines/deals' && req.method === 'GET') {
      return send(res, 200, {
        results: fake.pipelines.map((p, i) => ({
          id: p.id,
          label: p.label,
          displayOrder: i,
          archived: false,
          stages: p.stages.map((s, j) => ({
            id: s.id,
            label: s.label,
            displayOrder: j,
            metadata: { isClosed: 'false', probability: '0.5' },
            archived: false,
          })),
        })),
      });
    }
    m = /^\/crm\/v3\/properties\/deals\/(\w+)$/.exec(path);
    if (m && req.method === 'GET') {
      const options = fake.dealPropertyOptions.get(m[1] as string);
      if (!options) {
        return send(res, 404, {
          status: 'error',
          message: `Unable to find property ${m[1]}`,
          correlationId: correlationId(),
          category: 'OBJECT_NOT_FOUND',
        });
      }
      return send(res, 200, {
        name: m[1],
        label: m[1],
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'dealinformation',
        options: options.map((o, i) => ({ ...o, displayOrder: i, hidden: false })),
      });
    }
    if (path === '/crm/v3/owners' && req.method === 'GET') {
      const { slice, paging } = pageOf(fake.owners, url.searchParams, 500, path);
      return send(res, 200, {
        results: slice.map((o) => ({
          id: o.id,
          email: o.email,
          type: 'PERSON',
          firstName: o.firstName,
          lastName: o.lastName,
          userId: o.userId,
          userIdIncludingInactive: o.userId,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
          archived: false,
        })),
        ...(paging ? { paging } : {}),
      });
    }
    if (path === '/scheduler/v3/meetings/meeting-links' && req.method === 'GET') {
      const user = Number(url.searchParams.get('organizerUserId'));
      const link = fake.meetingLinks.get(user);
      return send(res, 200, {
        total: link ? 1 : 0,
        results: link
          ? [
              {
                id: `${user}-1`,
                slug: link.split('/').pop(),
                link,
                name: 'Personal meeting',
                type: 'PERSONAL_LINK',
                organizerUserId: String(user),
                defaultLink: true,
              },
            ]
          : [],
      });
    }
    send(res, 404, {
      status: 'error',
      message: 'Not found',
      correlationId: correlationId(),
      category: 'OBJECT_NOT_FOUND',
    });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * Puts `count` deals on `companyId`, ids from `firstId`, modified one minute apart from `from`:
 * the benchmark's data set (10,000 deals take a few milliseconds).
 */
export function addDeals(
  fake: FakeHubspot,
  companyId: string,
  count: number,
  options: { firstId?: number; from?: number; stage?: string; serviceType?: string } = {},
): string[] {
  const first = options.firstId ?? 900_000;
  const from = options.from ?? Date.UTC(2026, 0, 1);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = String(first + i);
    ids.push(id);
    fake.put(
      'deals',
      id,
      {
        dealname: `Subscription ${i + 1}`,
        dealstage: options.stage ?? 'active',
        pipeline: 'default',
        service_type: options.serviceType ?? 'premium_teams',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        hours: String(100 + (i % 50)),
        hs_lastmodifieddate: hubspotTime(from + i * 60_000),
      },
      companyId,
    );
  }
  return ids;
}

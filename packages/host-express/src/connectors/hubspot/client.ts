import { z } from 'zod';
import { createVendorHttp, type VendorHttp, type VendorHttpOptions } from '../http.js';
import type { HubspotSettings } from './settings.js';

// HubSpot CRM, the calls the sync makes (plain HTTP through ../http.ts; @hubspot/api-client would
// bring its own limiter and retries, which the shared layer already has):
// - GET  /crm/v3/objects/companies/{id}?properties=…            the company
// - GET  /crm/v4/objects/companies/{id}/associations/{type}       ids of its contacts, deals and
//        projects, 500 a page (paging.next.after)
// - POST /crm/v3/objects/{type}/batch/read                       up to 100 records a request
// - GET  /crm/v3/pipelines/deals, /crm/v3/properties/deals/{name} stage and option labels, once a run
// - GET  /crm/v3/owners                                           owners, 500 a page, once a run
// - GET  /scheduler/v3/meetings/meeting-links?organizerUserId=…  an owner's personal link (optional)
// Auth: the private app's access token as a Bearer token.
//
// Rate limits: a 429 whose body names the policy "DAILY" ends the run (nothing can succeed before
// the account's midnight); "TEN_SECONDLY_ROLLING" and 5xx are retried by the shared layer.

/** HubSpot's object ids: digits (records and owners alike). */
export const HUBSPOT_ID = /^\d{1,20}$/;

const id = z.union([z.string().regex(HUBSPOT_ID), z.number().int().nonnegative()]).transform(String);

const objectSchema = z.object({
  id,
  properties: z.record(z.string(), z.string().nullish()),
  /** ISO instant of the last change (also in hs_lastmodifieddate / lastmodifieddate). */
  updatedAt: z.string().nullish(),
  archived: z.boolean().optional(),
});
export type HubspotObject = z.infer<typeof objectSchema>;

const paging = z
  .object({ next: z.object({ after: z.union([z.string(), z.number()]).transform(String) }).nullish() })
  .nullish();

const associationPageSchema = z.object({
  results: z.array(z.object({ toObjectId: id })),
  paging,
});

const batchSchema = z.object({
  status: z.string().optional(),
  results: z.array(objectSchema),
  numErrors: z.number().optional(),
});

const ownerSchema = z.object({
  id,
  email: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  userId: id.nullish(),
  archived: z.boolean().optional(),
});
export type HubspotOwner = z.infer<typeof ownerSchema>;

const ownersPageSchema = z.object({ results: z.array(ownerSchema), paging });

const pipelinesSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      stages: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});

const propertySchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  options: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});

const meetingLinksSchema = z.object({
  results: z.array(
    z.object({
      link: z.string(),
      type: z.string().optional(),
      defaultLink: z.boolean().optional(),
    }),
  ),
});

/** Records per batch read: HubSpot's limit. */
export const BATCH_SIZE = 100;
/** Associations per page: HubSpot's v4 limit. */
export const ASSOCIATION_PAGE_SIZE = 500;
/** Owners per page: HubSpot's limit. */
export const OWNER_PAGE_SIZE = 500;
/** A paging that never ends (an `after` that repeats) stops here. */
const MAX_PAGES = 10_000;

export interface HubspotClient {
  company(companyId: string, properties: readonly string[]): Promise<HubspotObject>;
  /** Ids of every `toType` record associated with the company, over all pages. */
  associatedIds(companyId: string, toType: string): Promise<string[]>;
  /** The records of `ids` (at most BATCH_SIZE) that still exist. */
  batchRead(
    objectType: string,
    ids: readonly string[],
    properties: readonly string[],
  ): Promise<HubspotObject[]>;
  /** Every active owner. */
  owners(): Promise<HubspotOwner[]>;
  /** Deal stage id → label, over every deal pipeline. */
  dealStages(): Promise<Map<string, string>>;
  /** An enumeration property's option value → label (empty for other types). */
  propertyOptions(objectType: string, name: string): Promise<Map<string, string>>;
  /** The user's personal meetings link, or null. */
  meetingLink(userId: string): Promise<string | null>;
  readonly requests: number;
}

/** HubSpot's DAILY policy on a 429: `{"errorType":"RATE_LIMIT","policyName":"DAILY",…}`. */
export function isDailyQuota(_response: Response, body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { policyName?: unknown };
    return typeof parsed.policyName === 'string' && parsed.policyName.toUpperCase() === 'DAILY';
  } catch {
    return false;
  }
}

export function createHubspotClient(
  settings: Pick<HubspotSettings, 'apiUrl' | 'accessToken'>,
  http: Partial<VendorHttpOptions> = {},
): HubspotClient {
  const client: VendorHttp = createVendorHttp({
    vendor: 'HubSpot',
    baseUrl: settings.apiUrl,
    headers: { authorization: `Bearer ${settings.accessToken}` },
    isQuotaExhausted: isDailyQuota,
    ...http,
  });

  async function paged<T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<{ results: T[]; paging?: { next?: { after: string } | null } | null }>,
  ): Promise<T[]> {
    const all: T[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const search = new URLSearchParams(params);
      if (after !== undefined) search.set('after', after);
      const answer = await client.getJson(path, schema, search);
      all.push(...answer.results);
      const next = answer.paging?.next?.after;
      if (!next || next === after || answer.results.length === 0) break;
      after = next;
    }
    return all;
  }

  return {
    company(companyId, properties) {
      return client.getJson(
        `/crm/v3/objects/companies/${companyId}`,
        objectSchema,
        new URLSearchParams({ properties: properties.join(',') }),
      );
    },
    async associatedIds(companyId, toType) {
      const results = await paged(
        `/crm/v4/objects/companies/${companyId}/associations/${toType}`,
        { limit: String(ASSOCIATION_PAGE_SIZE) },
        associationPageSchema,
      );
      // A record associated under two labels is listed once per label in some answers.
      return [...new Set(results.map((r) => r.toObjectId))];
    },
    async batchRead(objectType, ids, properties) {
      if (ids.length === 0) return [];
      const answer = await client.postJson(
        `/crm/v3/objects/${objectType}/batch/read`,
        { inputs: ids.map((recordId) => ({ id: recordId })), properties, propertiesWithHistory: [] },
        batchSchema,
      );
      // Archived (deleted) records answer as errors of a 207 and are simply absent.
      return answer.results.filter((r) => r.archived !== true);
    },
    async owners() {
      const owners = await paged(
        '/crm/v3/owners',
        { limit: String(OWNER_PAGE_SIZE), archived: 'false' },
        ownersPageSchema,
      );
      return owners.filter((o) => o.archived !== true);
    },
    async dealStages() {
      const answer = await client.getJson('/crm/v3/pipelines/deals', pipelinesSchema);
      const stages = new Map<string, string>();
      for (const pipeline of answer.results) {
        for (const stage of pipeline.stages) stages.set(stage.id, stage.label);
      }
      return stages;
    },
    async propertyOptions(objectType, name) {
      const answer = await client.getJson(`/crm/v3/properties/${objectType}/${name}`, propertySchema);
      return new Map((answer.options ?? []).map((o) => [o.value, o.label]));
    },
    async meetingLink(userId) {
      const answer = await client.getJson(
        '/scheduler/v3/meetings/meeting-links',
        meetingLinksSchema,
        new URLSearchParams({ organizerUserId: userId, type: 'PERSONAL_LINK', limit: '10' }),
      );
      const personal = answer.results.filter((l) => !l.type || l.type === 'PERSONAL_LINK');
      const chosen = personal.find((l) => l.defaultLink) ?? personal[0];
      return chosen?.link ?? null;
    },
    get requests() {
      return client.requests;
    },
  };
}

import { z } from 'zod';
import type { JiraSettings } from '../../config/index.js';
import { createVendorHttp, type VendorHttp, type VendorHttpOptions } from '../http.js';

// Jira Cloud REST v3, the two calls the sync makes (../../../README.md, "Connectors"):
// - GET /rest/api/3/project/search: the projects the account can see, 50 per page (startAt, isLast).
// - GET /rest/api/3/search/jql: a JQL search paged by nextPageToken (the old /rest/api/3/search
//   answers 410). It returns only ids unless `fields` names what to return.
// Auth: Basic with the service account's e-mail and API token.

/** Jira's timestamps: "2024-03-05T10:15:30.000+0000" (an offset without a colon). */
const jiraInstant = z.string().min(1).max(64);

export const jiraIssueSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  key: z.string().min(1).max(255),
  fields: z.object({
    summary: z.string().nullish(),
    created: jiraInstant,
    updated: jiraInstant,
    resolutiondate: jiraInstant.nullish(),
    priority: z.object({ name: z.string() }).nullish(),
  }),
});
export type JiraIssue = z.infer<typeof jiraIssueSchema>;

const searchPageSchema = z.object({
  issues: z.array(jiraIssueSchema),
  nextPageToken: z.string().min(1).nullish(),
  isLast: z.boolean().optional(),
});
export type JiraSearchPage = z.infer<typeof searchPageSchema>;

const projectPageSchema = z.object({
  values: z.array(z.object({ id: z.string(), key: z.string(), name: z.string().optional() })),
  isLast: z.boolean().optional(),
  startAt: z.number().int().nonnegative().optional(),
  maxResults: z.number().int().positive().optional(),
  total: z.number().int().nonnegative().optional(),
});

/** Fields an incident needs; everything else stays at Jira. */
export const INCIDENT_FIELDS = ['summary', 'created', 'updated', 'resolutiondate', 'priority'] as const;
/** Issues per search page: Jira's largest page when fields are asked for. */
export const SEARCH_PAGE_SIZE = 100;
const PROJECT_PAGE_SIZE = 50;
/** A runaway paging (a token that never ends) stops here. */
const MAX_PROJECT_PAGES = 200;

export interface JiraClient {
  /** Every project key the account can see. */
  projectKeys(): Promise<Set<string>>;
  /** One page of a JQL search; `nextPageToken` from the previous page, none for the first. */
  search(jql: string, nextPageToken?: string): Promise<JiraSearchPage>;
  readonly requests: number;
}

export function createJiraClient(
  settings: Pick<JiraSettings, 'baseUrl' | 'email' | 'apiToken'>,
  http: Partial<VendorHttpOptions> = {},
): JiraClient {
  const client: VendorHttp = createVendorHttp({
    vendor: 'Jira',
    baseUrl: settings.baseUrl,
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.email}:${settings.apiToken}`).toString('base64')}`,
    },
    ...http,
  });
  return {
    async projectKeys() {
      const keys = new Set<string>();
      let startAt = 0;
      for (let page = 0; page < MAX_PROJECT_PAGES; page++) {
        const params = new URLSearchParams({
          startAt: String(startAt),
          maxResults: String(PROJECT_PAGE_SIZE),
        });
        const answer = await client.getJson('/rest/api/3/project/search', projectPageSchema, params);
        for (const project of answer.values) keys.add(project.key);
        startAt += answer.values.length;
        const done =
          answer.isLast ??
          (answer.total !== undefined ? startAt >= answer.total : answer.values.length === 0);
        if (done || answer.values.length === 0) break;
      }
      return keys;
    },
    search(jql, nextPageToken) {
      const params = new URLSearchParams({
        jql,
        maxResults: String(SEARCH_PAGE_SIZE),
        fields: INCIDENT_FIELDS.join(','),
      });
      if (nextPageToken) params.set('nextPageToken', nextPageToken);
      return client.getJson('/rest/api/3/search/jql', searchPageSchema, params);
    },
    get requests() {
      return client.requests;
    },
  };
}

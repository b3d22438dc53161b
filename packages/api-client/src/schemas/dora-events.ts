import * as z from 'zod/mini';
import { analyticsRangeQuery, count, dateRangeSchema, isoDateTime } from './common.js';
import { DORA_METRICS, type DoraMetric } from './dora.js';
import { described, named } from './registry.js';
import { dateRangeCheck, pageNumberParam, projectKeyParam } from './request-rules.js';

// The drill-down behind a DORA figure (GET /api/analytics/projects/{projectKey}/dora/{metric}/events):
// the deployments, pull requests or incidents the figure was computed from, a page at a time.

/** Most rows a page holds (and the default page size). */
export const DORA_EVENTS_PAGE_SIZE = 100;

/** The lists behind the figures; `kind` says which row shape a list has. */
export const DORA_EVENT_LISTS = ['deployments', 'pullRequests', 'waitingPullRequests', 'incidents'] as const;
export type DoraEventList = (typeof DORA_EVENT_LISTS)[number];

/** Per metric, the lists that explain it; the first is the default. */
export const DORA_METRIC_LISTS: Readonly<Record<DoraMetric, readonly DoraEventList[]>> = {
  deploymentFrequency: ['deployments'],
  leadTimeForChanges: ['pullRequests', 'waitingPullRequests'],
  changeFailureRate: ['deployments', 'incidents'],
  failedDeploymentRecoveryTime: ['incidents'],
  reworkRate: ['deployments'],
};

export const doraEventsParamsSchema = z.object({
  projectKey: projectKeyParam,
  metric: described(z.enum(DORA_METRICS), 'The figure to explain.'),
});

export const doraEventsQuerySchema = z
  .object({
    ...analyticsRangeQuery,
    list: described(
      z.optional(z.enum(DORA_EVENT_LISTS)),
      'Which list behind the metric (see the route); default: the metric’s first.',
    ),
    page: described(
      z.optional(pageNumberParam(1_000_000)),
      'Page number, from 1 (at most 1 000 000). Default: 1.',
    ),
    pageSize: described(
      z.optional(pageNumberParam(DORA_EVENTS_PAGE_SIZE)),
      `Rows per page, 1–${DORA_EVENTS_PAGE_SIZE}. Default: ${DORA_EVENTS_PAGE_SIZE}.`,
    ),
  })
  .check(dateRangeCheck);

// The rows carry no per-field descriptions (the client, and so the portal's bundle, carries these
// schemas): their fields are documented with the route (openapi-notes.ts).

const reference = z.object({ id: z.string(), externalId: z.string(), finishedAt: isoDateTime });
const text = z.nullable(z.string());
const instant = z.nullable(isoDateTime);
const hours = z.nullable(z.number());

export const doraDeploymentRowSchema = named(
  'DoraDeploymentRow',
  z.object({
    id: z.string(),
    externalId: z.string(),
    source: z.string(),
    repository: text,
    commitSha: text,
    finishedAt: isoDateTime,
    hotfix: z.boolean(),
    rework: z.boolean(),
    failed: z.boolean(),
    incidents: count,
  }),
);

export const doraPullRequestRowSchema = named(
  'DoraPullRequestRow',
  z.object({
    id: z.string(),
    externalId: z.string(),
    repository: text,
    title: text,
    author: text,
    firstCommitAt: instant,
    mergedAt: instant,
    deployment: z.nullable(reference),
    leadTimeHours: hours,
  }),
);

export const doraIncidentRowSchema = named(
  'DoraIncidentRow',
  z.object({
    id: z.string(),
    externalId: z.string(),
    source: z.string(),
    title: text,
    severity: text,
    openedAt: isoDateTime,
    resolvedAt: instant,
    recoveryHours: hours,
    attribution: z.nullable(z.enum(['explicit', 'window'])),
    excluded: z.boolean(),
    deployment: z.nullable(reference),
  }),
);

const page = {
  projectKey: z.string(),
  metric: z.enum(DORA_METRICS),
  list: z.enum(DORA_EVENT_LISTS),
  range: dateRangeSchema,
  page: count,
  pageSize: count,
  total: count,
  nextPage: z.nullable(count),
};

export const doraEventsSchema = named(
  'DoraEvents',
  described(
    z.discriminatedUnion('kind', [
      z.object({ ...page, kind: z.literal('deployments'), rows: z.array(doraDeploymentRowSchema) }),
      z.object({ ...page, kind: z.literal('pullRequests'), rows: z.array(doraPullRequestRowSchema) }),
      z.object({ ...page, kind: z.literal('incidents'), rows: z.array(doraIncidentRowSchema) }),
    ]),
    'One page of the deployments, pull requests or incidents behind a DORA figure (see the route).',
  ),
);

/** The list asked for (or the metric's default), or null when the metric has no such list. */
export function doraEventList(metric: DoraMetric, list: DoraEventList | undefined): DoraEventList | null {
  const lists = DORA_METRIC_LISTS[metric];
  if (list === undefined) return lists[0] ?? null;
  return lists.includes(list) ? list : null;
}

/** The row shape of each list. */
export const DORA_LIST_KIND: Readonly<Record<DoraEventList, DoraEvents['kind']>> = {
  deployments: 'deployments',
  pullRequests: 'pullRequests',
  waitingPullRequests: 'pullRequests',
  incidents: 'incidents',
};

export type DoraEventsQuery = z.input<typeof doraEventsQuerySchema>;
export type DoraEventsParams = z.input<typeof doraEventsParamsSchema>;
export type DoraEvents = z.infer<typeof doraEventsSchema>;
export type DoraDeploymentRow = z.infer<typeof doraDeploymentRowSchema>;
export type DoraPullRequestRow = z.infer<typeof doraPullRequestRowSchema>;
export type DoraIncidentRow = z.infer<typeof doraIncidentRowSchema>;

import * as z from 'zod/mini';
import { analyticsRangeQuery, count, dateRangeSchema, isoDate, isoDateTime } from './common.js';
import { AI_TOOLS } from './ai-usage.js';
import { doraHeadlineSchema, doraTierSchema } from './dora.js';
import { described, named } from './registry.js';
import { dateRangeCheck, projectKeyParam } from './request-rules.js';

export const analyticsProjectSchema = named(
  'AnalyticsProject',
  z.object({
    jiraProjectKey: described(
      z.nullable(z.string()),
      'Jira key; rows with an empty or null key are never visible (visible keys are those of the caller’s CRM projects).',
    ),
    name: z.string(),
  }),
);

export const analyticsProjectsResponseSchema = named(
  'AnalyticsProjectsResponse',
  z.object({ projects: z.array(analyticsProjectSchema) }),
);

export const projectAnalyticsParamsSchema = z.object({ projectKey: projectKeyParam });
export const projectAnalyticsQuerySchema = z.object(analyticsRangeQuery).check(dateRangeCheck);

const DATA_SOURCES = ['github', 'jira', ...AI_TOOLS] as const;

/**
 * The project card: what a customer wants at a glance (is it shipping, is it healthy, is the data
 * fresh), with the DORA headline for the range. The original portal's shape for this was not known;
 * this one is designed here.
 */
export const projectAnalyticsSchema = named(
  'ProjectAnalytics',
  described(
    z.object({
      project: z.object({ jiraProjectKey: z.string(), name: z.string() }),
      range: dateRangeSchema,
      activity: z.object({
        deployments: count,
        pullRequestsMerged: count,
        incidentsOpened: count,
        openIncidents: described(count, 'Unresolved incidents now, whatever their start.'),
        contributors: described(count, 'Distinct commit authors in the range.'),
        repositories: described(count, 'Repositories linked to the project.'),
        lastDeploymentAt: z.nullable(isoDateTime),
      }),
      dora: doraHeadlineSchema,
      performanceTier: z.nullable(doraTierSchema),
      aiTools: described(z.array(z.enum(AI_TOOLS)), 'AI assistants with usage data for the project.'),
      freshness: described(
        z.array(
          z.object({
            source: z.enum(DATA_SOURCES),
            lastSyncedAt: described(
              z.nullable(isoDateTime),
              'Last successful connector sync; null if never.',
            ),
            dataThrough: described(z.nullable(isoDate), 'Last day the source has complete data for.'),
          }),
        ),
        'Per connector: how current the numbers are.',
      ),
    }),
    'Per-project analytics summary (GET /api/analytics/projects/{projectKey}).',
  ),
);

export type AnalyticsProject = z.infer<typeof analyticsProjectSchema>;
export type AnalyticsProjectsResponse = z.infer<typeof analyticsProjectsResponseSchema>;
export type ProjectAnalytics = z.infer<typeof projectAnalyticsSchema>;
export type ProjectAnalyticsQuery = z.input<typeof projectAnalyticsQuerySchema>;

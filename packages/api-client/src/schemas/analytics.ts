import { z } from 'zod';
import {
  analyticsRangeQuery,
  count,
  dateRangeSchema,
  isoDate,
  isoDateTime,
  projectKeyParam,
} from './common.js';
import { AI_TOOLS } from './ai-usage.js';
import { doraHeadlineSchema, doraTierSchema } from './dora.js';
import { named } from './registry.js';

export const analyticsProjectSchema = named(
  'AnalyticsProject',
  z.object({
    jiraProjectKey: z
      .string()
      .nullable()
      .describe('Jira key; rows with an empty or null key are never visible (spec §5).'),
    name: z.string(),
  }),
);

export const analyticsProjectsResponseSchema = named(
  'AnalyticsProjectsResponse',
  z.object({ projects: z.array(analyticsProjectSchema) }),
);

export const projectAnalyticsParamsSchema = z.object({ projectKey: projectKeyParam });
export const projectAnalyticsQuerySchema = z.object(analyticsRangeQuery);

const DATA_SOURCES = ['github', 'jira', ...AI_TOOLS] as const;

/**
 * The project card: what a customer wants at a glance (is it shipping, is it healthy, is the data
 * fresh), with the DORA headline for the range. The spec does not show the seed's shape.
 */
export const projectAnalyticsSchema = named(
  'ProjectAnalytics',
  z
    .object({
      project: z.object({ jiraProjectKey: z.string(), name: z.string() }),
      range: dateRangeSchema,
      activity: z.object({
        deployments: count,
        pullRequestsMerged: count,
        incidentsOpened: count,
        openIncidents: count.describe('Unresolved incidents now, whatever their start.'),
        contributors: count.describe('Distinct commit authors in the range.'),
        repositories: count.describe('Repositories linked to the project.'),
        lastDeploymentAt: isoDateTime.nullable(),
      }),
      dora: doraHeadlineSchema,
      performanceTier: doraTierSchema.nullable(),
      aiTools: z.array(z.enum(AI_TOOLS)).describe('AI assistants with usage data for the project.'),
      freshness: z
        .array(
          z.object({
            source: z.enum(DATA_SOURCES),
            lastSyncedAt: isoDateTime.nullable().describe('Last successful connector sync; null if never.'),
            dataThrough: isoDate.nullable().describe('Last day the source has complete data for.'),
          }),
        )
        .describe('Per connector: how current the numbers are.'),
    })
    .describe('Per-project analytics summary (GET /api/analytics/projects/{projectKey}).'),
);

export type AnalyticsProject = z.infer<typeof analyticsProjectSchema>;
export type AnalyticsProjectsResponse = z.infer<typeof analyticsProjectsResponseSchema>;
export type ProjectAnalytics = z.infer<typeof projectAnalyticsSchema>;
export type ProjectAnalyticsQuery = z.input<typeof projectAnalyticsQuerySchema>;

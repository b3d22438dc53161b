import {
  addDays,
  type DateRange,
  type DoraHeadline,
  type ProjectAnalytics,
  performanceTier,
  utcDay,
} from '@client-portal/api-client';
import type { AiToolScope } from './ai-usage.js';
import type { ProjectActivity } from './delivery-queries.js';

type Freshness = ProjectAnalytics['freshness'][number];

/**
 * A source synced at `at` has complete data up to the day before (the sync's own day is still
 * running). Null when the source never stored anything.
 */
export function freshnessFromSync(source: Freshness['source'], at: Date | null): Freshness {
  if (at === null) return { source, lastSyncedAt: null, dataThrough: null };
  const instant = new Date(at);
  return { source, lastSyncedAt: instant.toISOString(), dataThrough: addDays(utcDay(instant), -1) };
}

const count = (value: unknown) => Math.max(0, Math.round(Number(value) || 0));

/** The project card (GET /api/analytics/projects/{projectKey}) from what the queries returned. */
export function projectAnalytics(input: {
  project: { jiraKey: string; name: string };
  range: DateRange;
  activity: ProjectActivity;
  headline: DoraHeadline;
  aiTools: readonly AiToolScope[];
}): ProjectAnalytics {
  const { activity, headline } = input;
  return {
    project: { jiraProjectKey: input.project.jiraKey, name: input.project.name },
    range: input.range,
    activity: {
      deployments: headline.deploymentFrequency.deployments,
      pullRequestsMerged: count(activity.pullRequestsMerged),
      incidentsOpened: count(activity.incidentsOpened),
      openIncidents: count(activity.openIncidents),
      contributors: count(activity.contributors),
      repositories: count(activity.repositories),
      lastDeploymentAt: activity.lastDeploymentAt,
    },
    dora: headline,
    performanceTier: performanceTier(headline),
    aiTools: input.aiTools.map((tool) => tool.tool),
    freshness: [
      freshnessFromSync('github', activity.githubSyncedAt),
      freshnessFromSync('jira', activity.jiraSyncedAt),
      // The AI connector records each scope's last complete day and when it last synced it.
      ...input.aiTools.map(
        (tool): Freshness => ({
          source: tool.tool,
          lastSyncedAt: tool.last_synced_at ? new Date(tool.last_synced_at).toISOString() : null,
          dataThrough: tool.data_through,
        }),
      ),
    ],
  };
}

import * as z from 'zod/mini';
import { described, named } from './registry.js';

export const projectSummarySchema = named(
  'ProjectSummary',
  z.object({
    id: described(
      z.string().check(z.minLength(1)),
      'CRM project id; pass it as `projectId` to the GitHub routes.',
    ),
    name: z.string(),
    jiraProjectKey: described(
      z.string(),
      'The project’s Jira key (added to the original portal’s shape so a caller can map id ↔ key).',
    ),
  }),
);

/** The caller's analytics projects that pass the visibility rule (`visibleAnalyticsProjects`), sorted by key. */
export const projectsResponseSchema = named(
  'ProjectsResponse',
  z.object({ data: z.array(projectSummarySchema) }),
);

export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;

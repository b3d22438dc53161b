import { z } from 'zod';
import { named } from './registry.js';

export const projectSummarySchema = named(
  'ProjectSummary',
  z.object({
    id: z.string().min(1).describe('CRM project id; pass it as `projectId` to the GitHub routes.'),
    name: z.string(),
    jiraProjectKey: z
      .string()
      .describe('The project’s Jira key (added to the seed shape so a caller can map id ↔ key).'),
  }),
);

/** The caller's analytics projects that pass the visibility rule (`visibleAnalyticsProjects`), sorted by key. */
export const projectsResponseSchema = named(
  'ProjectsResponse',
  z.object({ data: z.array(projectSummarySchema) }),
);

export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;

import { z } from 'zod';
import { count, imageUrl, isoDateTime, linkUrl } from './common.js';
import { named } from './registry.js';

export const githubProjectQuerySchema = z.object({
  projectId: z
    .string()
    .min(1)
    .max(64)
    .describe('CRM project id (ProjectSummary.id). Not the caller’s → 404.'),
});

export const githubOrganisationSchema = named(
  'GithubOrganisation',
  z.object({
    id: z.string().min(1),
    login: z.string(),
    name: z.string().nullable(),
    avatarUrl: imageUrl.nullable(),
    url: linkUrl.describe('The organisation on GitHub.'),
    repositoryCount: count.describe('Repositories of this organisation linked to the project.'),
  }),
);

export const githubRepositorySchema = named(
  'GithubRepository',
  z.object({
    id: z.string().min(1),
    name: z.string(),
    fullName: z.string().describe('"owner/name".'),
    organisation: z.string().describe('Owner login.'),
    description: z.string().nullable(),
    url: linkUrl,
    defaultBranch: z.string(),
    language: z.string().nullable(),
    visibility: z.enum(['public', 'private', 'internal']),
    archived: z.boolean(),
    pushedAt: isoDateTime.nullable(),
    openPullRequests: count,
  }),
);

export const githubOrganisationsResponseSchema = named(
  'GithubOrganisationsResponse',
  z.object({ data: z.array(githubOrganisationSchema) }),
);
export const githubRepositoriesResponseSchema = named(
  'GithubRepositoriesResponse',
  z.object({ data: z.array(githubRepositorySchema) }),
);

export type GithubOrganisation = z.infer<typeof githubOrganisationSchema>;
export type GithubRepository = z.infer<typeof githubRepositorySchema>;
export type GithubOrganisationsResponse = z.infer<typeof githubOrganisationsResponseSchema>;
export type GithubRepositoriesResponse = z.infer<typeof githubRepositoriesResponseSchema>;

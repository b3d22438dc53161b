import * as z from 'zod/mini';
import { count, isoDateTime, linkUrl, localImageUrl } from './common.js';
import { described, named } from './registry.js';
import { recordIdParam } from './request-rules.js';

export const githubProjectQuerySchema = z.object({
  projectId: described(
    recordIdParam,
    'CRM project id (ProjectSummary.id): letters, digits, ".", "_", ":" and "-", at most 128. Not the caller’s → 404.',
  ),
});

export const githubOrganisationSchema = named(
  'GithubOrganisation',
  z.object({
    id: z.string().check(z.minLength(1)),
    login: z.string(),
    name: z.nullable(z.string()),
    avatarUrl: described(
      z.nullable(localImageUrl),
      'The organisation’s image, only when the host serves it itself; null otherwise, and the portal draws the initials. GitHub’s own avatar address is never sent: the browser would tell github.com who looks at which organisation.',
    ),
    url: described(linkUrl, 'The organisation on GitHub.'),
    repositoryCount: described(count, 'Repositories of this organisation linked to the project.'),
  }),
);

export const githubRepositorySchema = named(
  'GithubRepository',
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string(),
    fullName: described(z.string(), '"owner/name".'),
    organisation: described(z.string(), 'Owner login.'),
    description: z.nullable(z.string()),
    url: linkUrl,
    defaultBranch: z.string(),
    language: z.nullable(z.string()),
    visibility: z.enum(['public', 'private', 'internal']),
    archived: z.boolean(),
    pushedAt: z.nullable(isoDateTime),
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

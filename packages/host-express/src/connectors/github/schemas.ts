import { z } from 'zod';

// The fields the sync reads of GitHub's REST answers (API version 2022-11-28); everything else
// stays at GitHub. Objects are not strict: GitHub adds fields over time.

const instant = z.string().min(1).max(64);

export const repositorySchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().min(1).max(100),
  full_name: z.string().min(3).max(140),
  description: z.string().nullish(),
  html_url: z.string().min(1),
  default_branch: z.string().nullish(),
  language: z.string().nullish(),
  visibility: z.string().nullish(),
  private: z.boolean().optional(),
  archived: z.boolean().optional(),
  stargazers_count: z.number().int().nonnegative().optional(),
  pushed_at: instant.nullish(),
});
export type GithubRepository = z.infer<typeof repositorySchema>;

export const deploymentSchema = z.object({
  id: z.number().int().positive(),
  sha: z.string().nullish(),
  ref: z.string().nullish(),
  environment: z.string().nullish(),
  production_environment: z.boolean().nullish(),
  created_at: instant,
});
export type GithubDeployment = z.infer<typeof deploymentSchema>;

export const deploymentStatusSchema = z.object({
  id: z.number().int().positive(),
  state: z.string().min(1),
  environment: z.string().nullish(),
  created_at: instant,
});
export type GithubDeploymentStatus = z.infer<typeof deploymentStatusSchema>;

export const pullSchema = z.object({
  number: z.number().int().positive(),
  title: z.string().nullish(),
  body: z.string().nullish(),
  user: z.object({ login: z.string() }).nullish(),
  created_at: instant,
  updated_at: instant,
  merged_at: instant.nullish(),
  merge_commit_sha: z.string().nullish(),
  base: z.object({ ref: z.string() }).nullish(),
});
export type GithubPull = z.infer<typeof pullSchema>;

export const pullCommitSchema = z.object({
  sha: z.string(),
  commit: z.object({
    author: z.object({ date: instant.nullish() }).nullish(),
    committer: z.object({ date: instant.nullish() }).nullish(),
  }),
});

export const repositoriesSchema = z.array(repositorySchema);
export const deploymentsSchema = z.array(deploymentSchema);
export const deploymentStatusesSchema = z.array(deploymentStatusSchema);
export const pullsSchema = z.array(pullSchema);
export const pullCommitsSchema = z.array(pullCommitSchema);

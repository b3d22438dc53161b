// The GitHub connector: `syncGithub` (a SourceSync, ../source.ts) and its settings from the
// environment. See sync.ts for what a run reads and stores.
export type { GithubAuth, GithubSettings } from './settings.js';
export { GITHUB_DEFAULT_API_URL, readGithubSettings } from './settings.js';
export type { GithubOrganisationCursor, GithubRepositoryCursor } from './sync.js';
export { syncGithub } from './sync.js';

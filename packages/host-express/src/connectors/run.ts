import type { Kysely } from 'kysely';
import type { HostConfig } from '../config/index.js';
import type { Database, SyncSource } from '../store/schema.js';
import { syncAiTools } from './ai/sync.js';
import { syncGithub } from './github/sync.js';
import { syncHubspot } from './hubspot/sync.js';
import { syncJira } from './jira/sync.js';
import type { SourceSyncOptions, SourceSyncResult } from './source.js';

// Every source the host syncs, by name: how to tell whether it is configured, what to set when it
// is not, and its run. The CLI (`sync`), the job schedule (jobs/sync-schedule.ts) and the status
// route all go through here, so a source is added in one place.

export const SYNC_SOURCES: readonly SyncSource[] = ['hubspot', 'github', 'jira', 'ai'];

interface SourceDefinition {
  /** Shown in messages. */
  name: string;
  /** What to set to turn the source on. */
  needs: string;
  /** Null when this host has no connector configured for the source. */
  run(db: Kysely<Database>, config: HostConfig, options: SourceSyncOptions): Promise<SourceSyncResult> | null;
}

const DEFINITIONS: Record<SyncSource, SourceDefinition> = {
  hubspot: {
    name: 'HubSpot',
    needs: 'HUBSPOT_ACCESS_TOKEN',
    run: (db, config, options) => {
      const settings = config.connectors.hubspot;
      return settings ? syncHubspot(db, settings, options) : null;
    },
  },
  github: {
    name: 'GitHub',
    needs: 'GITHUB_TOKEN, or GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY',
    run: (db, config, options) => {
      const settings = config.connectors.github;
      return settings ? syncGithub(db, settings, options) : null;
    },
  },
  jira: {
    name: 'Jira',
    needs: 'JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN',
    run: (db, config, options) => {
      const settings = config.connectors.jira;
      if (!settings) return null;
      return syncJira(db, settings, {
        ...options,
        onProgress: (p) =>
          options.onProgress?.({ label: p.projectKey, what: 'incidents', page: p.page, counts: p.counts }),
      }).then((result) => ({
        requests: result.requests,
        scopes: result.projects.map((p) => ({
          scope: p.projectId,
          label: p.projectKey,
          companyId: p.companyId,
          counts: p.counts,
          error: p.error,
        })),
      }));
    },
  },
  ai: {
    name: 'AI tools',
    needs: 'WINDSURF_SERVICE_KEY, COPILOT_TOKEN or CURSOR_API_KEY',
    run: (db, config, options) => {
      const settings = config.connectors.ai;
      return settings ? syncAiTools(db, settings, options) : null;
    },
  },
};

export const sourceName = (source: SyncSource): string => DEFINITIONS[source].name;
export const sourceNeeds = (source: SyncSource): string => DEFINITIONS[source].needs;

/** Whether this host has the source's connector configured (without running anything). */
export function isConfigured(config: HostConfig, source: SyncSource): boolean {
  return config.connectors[source] != null;
}

export function configuredSources(config: HostConfig): SyncSource[] {
  return SYNC_SOURCES.filter((source) => isConfigured(config, source));
}

/** Runs one source's sync; null when it is not configured. */
export function runSource(
  db: Kysely<Database>,
  config: HostConfig,
  source: SyncSource,
  options: SourceSyncOptions = {},
): Promise<SourceSyncResult> | null {
  if (!isConfigured(config, source)) return null;
  return DEFINITIONS[source].run(db, config, options);
}

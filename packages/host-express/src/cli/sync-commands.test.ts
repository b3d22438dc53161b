import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, startFakeJira } from '../connectors/test-support/fake-jira.js';
import { testIo } from '../test-support/cli-io.js';
import { main } from './main.js';

const CREDENTIALS = { email: 'sync@provider.example', apiToken: 'ATATT3x-cli-secret' };

describe('client-portal-host sync', () => {
  let dataDir: string;
  let jira: FakeJira;
  const run = async (argv: string[], env: Record<string, string> = {}) => {
    const t = testIo({ DATA_DIR: dataDir, ...env });
    const code = await main(argv, t.io, {
      sync: { connectors: { http: { backoffBaseMs: 5, backoffLimitMs: 20 } } },
    });
    return { code, out: t.out(), err: t.err() };
  };
  const jiraEnv = () => ({
    JIRA_BASE_URL: jira.url,
    JIRA_EMAIL: CREDENTIALS.email,
    JIRA_API_TOKEN: CREDENTIALS.apiToken,
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cli-sync-'));
    expect((await run(['seed'])).code).toBe(0);
    jira = await startFakeJira(CREDENTIALS);
    jira.projects = ['PORTAL', 'ROUTE', 'WMS', 'FLEET', 'SHOP', 'DWH'];
    jira.issues = Array.from({ length: 130 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString();
      return {
        id: String(90_000 + i),
        key: `PORTAL-${900 + i}`,
        project: 'PORTAL',
        summary: `Login outage ${i}`,
        created: at,
        updated: at,
        resolutiondate: null,
        priority: 'High',
      };
    });
  }, 120_000);
  afterAll(async () => {
    await jira?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says what to configure, and refuses a source it does not know or cannot sync yet', async () => {
    const none = await run(['sync']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('No source is configured. HubSpot: set HUBSPOT_ACCESS_TOKEN.');
    expect(none.err).toContain('Jira: set JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN.');
    expect((await run(['sync', '--source', 'salesforce'])).err).toContain(
      '--source must be one of hubspot, github, jira, ai',
    );
    expect((await run(['sync', '--source', 'hubspot'], jiraEnv())).err).toContain(
      'HubSpot is not configured. HubSpot: set HUBSPOT_ACCESS_TOKEN.',
    );
    expect((await run(['sync', '--since', 'last week'], jiraEnv())).err).toContain('--since must be a date');
    const half = await run(['sync'], { JIRA_BASE_URL: jira.url });
    expect(half.code).toBe(2);
    expect(half.err).toContain('JIRA_EMAIL is required when JIRA_BASE_URL is set');
    expect(half.err).toContain('JIRA_API_TOKEN is required when JIRA_BASE_URL is set');
    const badJql = await run(['sync'], { ...jiraEnv(), JIRA_INCIDENT_JQL: 'issuetype = Incident' });
    expect(badJql.err).toContain('JIRA_INCIDENT_JQL must name the project as {projectKey}');
  });

  it('syncs page by page with progress and a summary, then shows the status', async () => {
    const first = await run(['sync', '--source', 'jira'], jiraEnv());
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      'jira PORTAL incidents page 1: 100 read: 100 new, 0 changed, 0 unchanged; 1 page, ',
    );
    expect(first.out).toContain('jira PORTAL incidents page 2: 130 read: 130 new');
    expect(first.out).toMatch(
      /jira PORTAL \(acme\S*\): ok, 130 read: 130 new, 0 changed, 0 unchanged; 2 pages, 2 requests/,
    );
    expect(first.out).toMatch(/jira: (\d+) of \1 synced, \d+ request\(s\) to Jira\./);
    expect(first.out).not.toContain(CREDENTIALS.apiToken);

    const status = await run(['sync', '--status'], jiraEnv());
    expect(status.code).toBe(0);
    expect(status.out).toContain('hubspot: never synced (not configured: set HUBSPOT_ACCESS_TOKEN)');
    expect(status.out).toContain('jira: scheduled "*/15 * * * *" (UTC)');
    expect(status.out).toMatch(
      / {2}PORTAL \(acme\S*\): ok; last success \d{4}-\d\d-\d\dT[\d:.]+Z, last run .* cursor \{"updated":"2026-10-06T09:00:00.000Z"\}/,
    );
    expect(status.out).toContain('    130 read: 130 new, 0 changed, 0 unchanged; 2 pages, 2 requests');
  });

  it('exits 1 when a project fails, shows its error in the status, and still syncs the others', async () => {
    jira.failSearch('ROUTE', { status: 401 });
    const result = await run(['sync'], jiraEnv());
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /jira ROUTE \(\S+\): failed: Jira: GET \/rest\/api\/3\/search\/jql was refused \(401\)/,
    );
    expect(result.out).toMatch(/jira PORTAL \(\S+\): ok, \d+ read: 0 new/);
    const status = await run(['sync', '--status', '--source', 'jira'], jiraEnv());
    expect(status.out).toMatch(
      /ROUTE \(\S+\): failed; last success .*\n(?: {4}.*\n)? {4}last error: Jira: GET/,
    );
    expect(status.out).not.toContain('hubspot');
  });
});

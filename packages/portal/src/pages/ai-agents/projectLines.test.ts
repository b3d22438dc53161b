import type { ProjectSummary } from '@client-portal/api-client';
import { createPortalFixtures } from '@client-portal/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { projectLine } from './projectLines.js';
import type { ProjectAdoption } from './useAdoption.js';

const fixtures = createPortalFixtures();
const project: ProjectSummary = { id: '9001', name: 'Customer Portal', jiraProjectKey: 'PORTAL' };
const settled = <T>(data: T) => ({ data, pending: false, error: null, fetching: false });
const row = (usage: ProjectAdoption['usage'], delivery = settled(fixtures.dora('PORTAL') ?? undefined)) => ({
  project,
  usage,
  delivery,
  retry: () => {},
});

describe('projectLine', () => {
  it('is "not connected" when the project has no AI data (404 → null), not an error', () => {
    const line = projectLine(row(settled(null)));
    expect(line.status).toBe('notConnected');
    expect(line.deployments).toBe(fixtures.dora('PORTAL')?.headline.deploymentFrequency.deployments);
  });
  it('is an error when its AI usage failed, keeping its deployments', () => {
    const line = projectLine(
      row({ data: undefined, pending: false, error: new Error('500'), fetching: false }),
    );
    expect(line.status).toBe('error');
    expect(line.deployments).not.toBeNull();
  });
  it('lists the connected tools with their totals and freshness', () => {
    const line = projectLine(row(settled(fixtures.aiUsage('PORTAL'))));
    expect(line.status).toBe('connected');
    expect(line.tools).toEqual(['windsurf', 'copilot', 'cursor']);
    expect(line.onlyTool).toBeUndefined();
    expect(line.totals?.seats).toBe(24);
    expect(line.dataThrough).toEqual({ earliest: '2026-03-01', latest: '2026-03-01' });
  });
  it('names the tool when there is only one', () => {
    expect(projectLine(row(settled(fixtures.aiUsage('ROUTE')))).onlyTool).toBe('copilot');
  });
});

import type { DoraDeploymentRow, DoraIncidentRow } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from '../../i18n/messages.en.js';
import { tableCsv } from './doraCsv.js';
import { csvFigure } from './doraCsv.js';
import { deploymentFlags, whyItCounts } from './eventWords.js';

const t = (key: MessageKey, values?: Record<string, string | number>) =>
  en[key].replace(/\{(\w+)\}/g, (m, name: string) => String(values?.[name] ?? m));

const incident = (change: Partial<DoraIncidentRow>): DoraIncidentRow => ({
  id: 'i1',
  externalId: 'INC-1',
  source: 'jira',
  title: '=HYPERLINK("x")',
  severity: 'high',
  openedAt: '2026-02-01T10:00:00.000Z',
  resolvedAt: '2026-02-01T12:30:00.000Z',
  recoveryHours: 2.5,
  attribution: 'window',
  excluded: false,
  deployment: { id: 'd1', externalId: 'deploy-42', finishedAt: '2026-02-01T09:00:00.000Z' },
  ...change,
});

describe('the drill-down rows', () => {
  it('says why each incident counts, or why not', () => {
    expect(whyItCounts(incident({ attribution: 'explicit' }), t)).toBe(
      'Counted: the incident names deployment deploy-42 as its cause.',
    );
    expect(whyItCounts(incident({}), t)).toMatch(
      /^Counted: deployment deploy-42 was the last production deployment/,
    );
    expect(whyItCounts(incident({ excluded: true, attribution: null, deployment: null }), t)).toBe(
      'Not counted: marked as not a change failure.',
    );
    expect(whyItCounts(incident({ attribution: null, deployment: null }), t)).toMatch(
      /^Not counted: no production/,
    );
  });

  it('names what a deployment counts as', () => {
    const row: DoraDeploymentRow = {
      id: 'd1',
      externalId: 'deploy-42',
      source: 'github',
      repository: null,
      commitSha: 'abc',
      finishedAt: '2026-02-01T09:00:00.000Z',
      hotfix: false,
      rework: false,
      failed: false,
      incidents: 0,
    };
    expect(deploymentFlags(row, t)).toEqual(['Succeeded']);
    expect(deploymentFlags({ ...row, failed: true, incidents: 2, hotfix: true, rework: true }, t)).toEqual([
      'Failed (2 incidents)',
      'Hotfix',
    ]);
    expect(deploymentFlags({ ...row, rework: true }, t)).toEqual(['Rework']);
  });

  it('exports the columns given, row for row, and figures as a spreadsheet holds them', () => {
    const columns = [
      { header: 'Incident', csv: (r: DoraIncidentRow) => r.externalId },
      { header: 'Why it counts', csv: (r: DoraIncidentRow) => whyItCounts(r, t) },
      { header: 'Recovery time', csv: (r: DoraIncidentRow) => r.recoveryHours },
    ];
    const { header, rows } = tableCsv(columns, [
      incident({}),
      incident({ id: 'i2', externalId: 'INC-2', excluded: true }),
    ]);
    expect(header).toEqual(['Incident', 'Why it counts', 'Recovery time']);
    expect(rows.map((r) => r[0])).toEqual(['INC-1', 'INC-2']);
    expect(rows[1]?.[1]).toBe('Not counted: marked as not a change failure.');
    expect(rows[0]?.[2]).toBe(2.5);
    expect(csvFigure(0.04567, 'rate')).toBe(4.57);
    expect(csvFigure(null, 'hours')).toBeNull();
    expect(csvFigure(12, 'count')).toBe(12);
  });
});

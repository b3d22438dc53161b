import { addDays, type DoraMetrics, MAX_RANGE_DAYS } from '@client-portal/api-client';
import { createPortalFixtures } from '@client-portal/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { adoptionTrend, grainOf, grainSearch, historyRange } from './adoptionTrend.js';

const fixtures = createPortalFixtures();
const now = fixtures.now; // 2026-03-02
const range = historyRange(now);
const usage = (key: string) => fixtures.aiUsage(key, range);
const delivery = (key: string, grain: 'week' | 'month') =>
  fixtures.dora(key, { ...range, grain }) as DoraMetrics;

describe('historyRange', () => {
  it('asks for the longest range the contract allows, ending today (UTC)', () => {
    expect(range).toEqual({ from: addDays('2026-03-02', -(MAX_RANGE_DAYS - 1)), to: '2026-03-02' });
  });
});

describe('grainOf and grainSearch', () => {
  it('reads months from the address, weeks otherwise', () => {
    expect(grainOf('month')).toBe('month');
    expect(grainOf(null)).toBe('week');
    expect(grainOf('year')).toBe('week');
  });
  it('writes months, leaves the default out and keeps the other parameters', () => {
    const params = new URLSearchParams('x=1');
    expect(grainSearch(params, 'month').toString()).toBe('x=1&grain=month');
    expect(grainSearch(new URLSearchParams('grain=month&x=1'), 'week').toString()).toBe('x=1');
  });
});

describe('adoptionTrend', () => {
  const portal = usage('PORTAL');
  const route = usage('ROUTE');
  if (!portal || !route) throw new Error('fixtures without AI usage');

  it('puts AI use and deployments on the same weeks as the delivery answer', () => {
    const dora = delivery('PORTAL', 'week');
    const trend = adoptionTrend(range, 'week', [portal], [dora]);
    // Every label is a bucket label of the delivery answer, so a week is the same week in both.
    for (const label of trend.labels) expect(dora.labels).toContain(label);
    const at = (label: string) => dora.series.deploymentFrequency[dora.labels.indexOf(label)];
    trend.labels.forEach((label, i) => {
      expect(trend.deployments[i]).toBe(at(label));
    });
    expect(trend.activeUsers).toHaveLength(trend.labels.length);
    expect(trend.surfaces.chat).toHaveLength(trend.labels.length);
  });

  it('trims the axis to the buckets with data, and starts the history at the first day of use', () => {
    const trend = adoptionTrend(range, 'week', [portal], []);
    const first = portal.tools.flatMap((t) => t.daily).find((d) => d.activeUsers > 0)?.date;
    expect(trend.historySince).toBe(first);
    expect(trend.labels[0]! <= first!).toBe(true);
    expect(trend.activeUsers[0]).toBeGreaterThan(0);
    expect(trend.labels.length).toBeLessThan(20);
  });

  it('starts the AI lines at the first day of use, beside the deliveries that came before', () => {
    const trend = adoptionTrend(range, 'week', [portal], [delivery('PORTAL', 'week')]);
    const start = trend.labels.findIndex((_, i) => trend.activeUsers[i] !== null);
    expect(start).toBeGreaterThan(0);
    expect(trend.activeUsers.slice(0, start).every((v) => v === null)).toBe(true);
    expect(trend.deployments.slice(0, start).some((v) => (v ?? 0) > 0)).toBe(true);
  });

  it('takes the busiest day of a bucket, every tool and project together', () => {
    const trend = adoptionTrend(range, 'month', [portal, route], []);
    const month = trend.labels.at(-1)!;
    const perDay = new Map<string, number>();
    for (const tool of [...portal.tools, ...route.tools]) {
      for (const d of tool.daily) {
        if (d.date >= month && d.date <= tool.dataThrough!)
          perDay.set(d.date, (perDay.get(d.date) ?? 0) + d.activeUsers);
      }
    }
    expect(trend.activeUsers.at(-1)).toBe(Math.max(...perDay.values()));
  });

  it('counts a scope that two projects share once', () => {
    const twice = adoptionTrend(range, 'week', [portal, { ...portal, jiraProjectKey: 'OTHER' }], []);
    const once = adoptionTrend(range, 'week', [portal], []);
    expect(twice.activeUsers).toEqual(once.activeUsers);
    expect(twice.surfaces).toEqual(once.surfaces);
  });

  it('has no acceptance line for Windsurf (it does not report completions shown)', () => {
    const trend = adoptionTrend(range, 'week', [portal], []);
    expect(trend.activeUsersByTool.map((t) => t.tool)).toEqual(['windsurf', 'copilot', 'cursor']);
    expect(trend.acceptanceByTool.map((t) => t.tool)).toEqual(['copilot', 'cursor']);
    for (const { data } of trend.acceptanceByTool) {
      for (const v of data) if (v !== null) expect(v).toBeGreaterThan(0);
    }
  });

  it('leaves days after a tool’s data ends out (gaps, not zeros)', () => {
    const cut = {
      ...portal,
      tools: portal.tools.map((t) => ({ ...t, dataThrough: addDays(t.dataThrough!, -14) })),
    };
    const trend = adoptionTrend(range, 'week', [cut], [delivery('PORTAL', 'week')]);
    expect(trend.activeUsers.at(-1)).toBeNull();
    expect(trend.deployments.at(-1)).not.toBeNull();
  });

  it('sums deployments over the projects that answered', () => {
    const a = delivery('PORTAL', 'month');
    const b = delivery('ROUTE', 'month');
    const trend = adoptionTrend(range, 'month', [], [a, b]);
    const label = trend.labels.at(-1)!;
    const of = (d: DoraMetrics) => d.series.deploymentFrequency[d.labels.indexOf(label)] ?? 0;
    expect(trend.deployments.at(-1)).toBe(of(a) + of(b));
    expect(trend.activeUsers.every((v) => v === null)).toBe(true);
  });

  it('is empty when nothing has data', () => {
    expect(adoptionTrend(range, 'week', [], []).labels).toEqual([]);
  });
});

import type { Deal } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { subscriptionRows } from './subscriptions.js';

const deal = (over: Partial<Deal>): Deal => ({
  id: 'd1',
  dealName: 'Premium team',
  serviceType: 'Premium Teams',
  stage: 'Active',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  hours: 1200,
  ...over,
});

describe('subscriptionRows', () => {
  const now = new Date('2026-07-01T12:00:00Z');

  it('lists the Active deals only, with their fields as the table shows them', () => {
    const rows = subscriptionRows(
      [deal({}), deal({ id: 'd2', stage: 'Completed' }), deal({ id: 'd3', stage: 'active' })],
      now,
    );
    expect(rows.map((r) => r.id)).toEqual(['d1']);
    expect(rows[0]).toMatchObject({
      name: 'Premium team',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 'Active',
      hours: 1200,
      service: 'Premium Teams',
    });
  });

  it('gives each its term progress and the check-in 60 days before the end', () => {
    const [row] = subscriptionRows([deal({})], now);
    expect(row?.progress).toMatchObject({
      totalDays: 364,
      daysPassed: 181,
      percentageComplete: 50,
      checkInMessage: 'In 123 days',
    });
    expect(row?.progress.markerPosition).toBeCloseTo((304 / 364) * 100, 5);
  });

  it('keeps a deal without dates, its progress the spec fallback', () => {
    const [row] = subscriptionRows([deal({ startDate: null, endDate: null, hours: null })], now);
    expect(row?.progress).toEqual({
      totalDays: 100,
      daysPassed: 0,
      percentageComplete: 0,
      markerPosition: 0,
      checkInMessage: 'N/A',
    });
    expect(row?.hours).toBeNull();
  });
});

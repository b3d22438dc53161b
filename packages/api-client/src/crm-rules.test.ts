import { describe, expect, it } from 'vitest';
import { countActiveDeals, lifecycleStageOf, serviceGroupOf } from './crm-rules.js';
import { safeReturnTo } from './return-to.js';

describe('serviceGroupOf and countActiveDeals: Active deals per service group', () => {
  it('groups the five service types and ignores others', () => {
    expect(
      ['Team Plans', 'Premium Teams', 'Staffing', 'Staff Augmentation', 'Analytics', 'Consulting'].map(
        serviceGroupOf,
      ),
    ).toEqual(['premiumTeams', 'premiumTeams', 'staffAug', 'staffAug', 'analytics', null]);
  });

  it('counts Active deals only', () => {
    expect(
      countActiveDeals([
        { serviceType: 'Team Plans', stage: 'Active' },
        { serviceType: 'Premium Teams', stage: 'Active' },
        { serviceType: 'Premium Teams', stage: 'Completed' },
        { serviceType: 'Staffing', stage: 'Active' },
        { serviceType: 'Analytics', stage: 'active' },
        { serviceType: 'Consulting', stage: 'Active' },
      ]),
    ).toEqual({ premiumTeamsCount: 2, staffAugCount: 1, analyticsCount: 0 });
  });
});

describe('lifecycleStageOf', () => {
  it('reads properties.lifecyclestage or properties_lifecyclestage, as a string', () => {
    expect(lifecycleStageOf({ properties: { lifecyclestage: '249503789' } })).toBe('249503789');
    expect(lifecycleStageOf({ properties_lifecyclestage: 249503789 })).toBe('249503789');
    expect(lifecycleStageOf({ properties: { lifecyclestage: '' } })).toBeNull();
    expect(lifecycleStageOf(null)).toBeNull();
    expect(lifecycleStageOf({ properties: {} })).toBeNull();
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeReturnTo('/services/projects?tab=Active#x')).toBe('/services/projects?tab=Active#x');
    expect(safeReturnTo('/')).toBe('/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'services',
    '/ok\n//evil',
    '/a\\b',
    '',
    undefined,
    42,
  ])('falls back to "/" for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('falls back to the start the caller gives (a portal under a base path)', () => {
    expect(safeReturnTo('//evil.example', '/portal')).toBe('/portal');
    expect(safeReturnTo(undefined, '/portal')).toBe('/portal');
    expect(safeReturnTo('/portal/dashboard', '/portal')).toBe('/portal/dashboard');
  });
});

import { describe, expect, it } from 'vitest';
import { visibleAnalyticsProjectKeys, visibleAnalyticsProjects } from './analytics-visibility.js';

describe('visibleAnalyticsProjects: analytics projects that are also CRM projects', () => {
  it('keeps projects whose key is in both lists, sorted by key', () => {
    const analytics = [
      { jiraProjectKey: 'ROUTE', name: 'Routing' },
      { jiraProjectKey: 'FLEET', name: 'Fleet' },
      { jiraProjectKey: 'API', name: 'API' },
      { jiraProjectKey: 'PORTAL', name: 'Portal' },
    ];
    const crm = [{ jiraKey: 'PORTAL' }, { jiraKey: 'ROUTE' }, { jiraKey: 'API' }, { jiraKey: 'OTHER' }];
    expect(visibleAnalyticsProjects(analytics, crm)).toEqual([
      { jiraProjectKey: 'API', name: 'API' },
      { jiraProjectKey: 'PORTAL', name: 'Portal' },
      { jiraProjectKey: 'ROUTE', name: 'Routing' },
    ]);
  });

  it('drops empty, blank and non-string keys on either side', () => {
    const analytics = [
      { jiraProjectKey: '' },
      { jiraProjectKey: '  ' },
      { jiraProjectKey: null },
      { jiraProjectKey: 42 },
      { jiraProjectKey: undefined },
      { jiraProjectKey: 'OK' },
    ];
    const crm = [
      { jiraKey: '' },
      { jiraKey: '  ' },
      { jiraKey: null },
      { jiraKey: 42 },
      {},
      { jiraKey: 'OK' },
    ];
    expect(visibleAnalyticsProjectKeys(analytics, crm)).toEqual(['OK']);
  });

  it('is case-sensitive, locale-independent and lists a key once', () => {
    const analytics = [
      { jiraProjectKey: 'b' },
      { jiraProjectKey: 'B' },
      { jiraProjectKey: 'A' },
      { jiraProjectKey: 'A', name: 'dup' },
    ];
    const crm = [{ jiraKey: 'A' }, { jiraKey: 'B' }];
    expect(visibleAnalyticsProjects(analytics, crm)).toEqual([
      { jiraProjectKey: 'A' },
      { jiraProjectKey: 'B' },
    ]);
  });

  it('returns nothing while either list is missing', () => {
    expect(visibleAnalyticsProjectKeys(undefined, [{ jiraKey: 'A' }])).toEqual([]);
    expect(visibleAnalyticsProjectKeys([{ jiraProjectKey: 'A' }], null)).toEqual([]);
    expect(visibleAnalyticsProjectKeys([], [])).toEqual([]);
  });
});

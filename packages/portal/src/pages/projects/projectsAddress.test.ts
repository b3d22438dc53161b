import { describe, expect, it } from 'vitest';
import {
  benchmarkOf,
  chooseProject,
  grainOf,
  projectKeyOf,
  projectsAddressOf,
  projectsSearch,
  rangeOf,
} from './projectsAddress.js';

describe('the Projects page address', () => {
  it('reads project, range, grain and report year', () => {
    expect(
      projectsAddressOf('project=PORTAL&from=2026-01-01&to=2026-03-31&grain=month&benchmark=2021'),
    ).toEqual({
      project: 'PORTAL',
      range: { from: '2026-01-01', to: '2026-03-31' },
      grain: 'month',
      benchmark: 'dora-2021',
    });
  });

  it('falls back to the defaults for anything missing or refused, never throwing', () => {
    const defaults = { project: undefined, range: undefined, grain: 'week', benchmark: 'dora-2023' };
    for (const search of [
      '',
      'project=&from=&to=',
      'project=../etc&grain=year&benchmark=2019',
      'project=%00x&from=2026-02-30&to=2026-03-01',
      'from=2026-03-01&to=2026-01-01', // reversed
      'from=2020-01-01&to=2026-01-01', // longer than three years
      'from=1999-12-31&to=2000-01-05', // before the API's first day
      'from=2026-01-01', // one end only
      `project=${'A'.repeat(101)}`,
      'grain=%F0%9F%92%A5&benchmark=dora-',
    ]) {
      expect(projectsAddressOf(search)).toEqual(defaults);
    }
  });

  it('accepts spellings people type: case, spaces and the dora- prefix', () => {
    expect(grainOf(' Month ')).toBe('month');
    expect(benchmarkOf('DORA-2021')).toBe('dora-2021');
    expect(benchmarkOf('2023')).toBe('dora-2023');
    expect(projectKeyOf(' WMS ')).toBe('WMS');
    expect(rangeOf(' 2026-01-01', '2026-01-01 ')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const address = projectsAddressOf('project=ROUTE');
    expect(projectsSearch(address)).toBe('project=ROUTE');
    const full = {
      project: 'ROUTE',
      range: { from: '2025-12-01', to: '2026-02-28' },
      grain: 'day' as const,
      benchmark: 'dora-2021' as const,
    };
    const search = projectsSearch(full);
    expect(search).toBe('project=ROUTE&from=2025-12-01&to=2026-02-28&grain=day&benchmark=2021');
    expect(projectsAddressOf(search)).toEqual(full);
    expect(projectsSearch({ ...full, range: { from: '2026-03-01', to: '2026-01-01' } })).not.toContain(
      'from',
    );
  });

  it('shows a visible project asked for, else the first, and says when a link asked for another', () => {
    const keys = ['PORTAL', 'ROUTE', 'WMS'];
    expect(chooseProject('ROUTE', keys)).toEqual({ key: 'ROUTE', unknown: false });
    expect(chooseProject(undefined, keys)).toEqual({ key: 'PORTAL', unknown: false });
    expect(chooseProject('OTHER', keys)).toEqual({ key: 'PORTAL', unknown: true });
    expect(chooseProject('route', keys)).toEqual({ key: 'PORTAL', unknown: true });
    expect(chooseProject('ROUTE', [])).toEqual({ key: undefined, unknown: true });
  });
});

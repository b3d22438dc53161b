import { describe, expect, it } from 'vitest';
import { chartRows, tableRows } from './exportRows.js';

describe('chartRows', () => {
  it('has one row per label with each series, and an empty cell for no data', () => {
    const csv = chartRows(
      {
        labels: ['2026-03-02', '2026-03-09'],
        series: [
          { name: 'Users', data: [3, null] },
          { name: 'Deployments', data: [5, 7] },
        ],
      },
      (label) => `week of ${label}`,
    );
    expect(csv.header('Week')).toEqual(['Week', 'Users', 'Deployments']);
    expect(csv.rows).toEqual([
      ['week of 2026-03-02', 3, 5],
      ['week of 2026-03-09', null, 7],
    ]);
  });
});

describe('tableRows', () => {
  const rows = [
    { name: 'b', rate: 0.2 },
    { name: 'a', rate: null },
    { name: 'c', rate: 0.5 },
  ];
  const columns = [
    { key: 'name', header: 'Name' },
    { key: 'rate', header: 'Rate', sortValue: (r: (typeof rows)[number]) => r.rate },
  ];
  it('keeps the input order without a sort', () => {
    expect(tableRows(rows, columns, null, (r) => [r.name])).toEqual([['b'], ['a'], ['c']]);
  });
  it('follows the table’s sort, by the column’s sort value, missing values last', () => {
    expect(tableRows(rows, columns, { key: 'rate', direction: 'desc' }, (r) => [r.name])).toEqual([
      ['c'],
      ['b'],
      ['a'],
    ]);
    expect(tableRows(rows, columns, { key: 'name', direction: 'asc' }, (r) => [r.name])).toEqual([
      ['a'],
      ['b'],
      ['c'],
    ]);
  });
});

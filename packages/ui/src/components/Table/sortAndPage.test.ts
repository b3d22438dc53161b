import { describe, expect, it } from 'vitest';
import {
  compareValues,
  defaultSortValue,
  getCollator,
  nextSort,
  pageRange,
  pageRows,
  sortAndPage,
  sortRows,
} from './sortAndPage.js';
import type { SortValue } from './sortAndPage.js';

interface Row {
  id: number;
  name?: string | null;
  amount?: number | null;
  date?: Date | null;
  group?: string;
}

const get = (row: Row, key: string): SortValue => (row as unknown as Record<string, SortValue>)[key];
const ids = (rows: Row[]) => rows.map((r) => r.id);

describe('sortRows', () => {
  it('returns a copy in input order when there is no sort', () => {
    const rows: Row[] = [{ id: 2 }, { id: 1 }];
    for (const sort of [null, undefined, []]) {
      const out = sortRows(rows, sort, get);
      expect(ids(out)).toEqual([2, 1]);
      expect(out).not.toBe(rows);
    }
  });

  it('never mutates the input', () => {
    const rows: Row[] = [
      { id: 1, amount: 3 },
      { id: 2, amount: 1 },
    ];
    const before = rows.slice();
    sortRows(rows, { key: 'amount', direction: 'asc' }, get);
    expect(rows).toEqual(before);
  });

  it('sorts numbers numerically, not as text', () => {
    const rows: Row[] = [
      { id: 1, amount: 10 },
      { id: 2, amount: 9 },
      { id: 3, amount: -2 },
      { id: 4, amount: 100 },
      { id: 5, amount: 0.5 },
    ];
    expect(ids(sortRows(rows, { key: 'amount', direction: 'asc' }, get))).toEqual([3, 5, 2, 1, 4]);
    expect(ids(sortRows(rows, { key: 'amount', direction: 'desc' }, get))).toEqual([4, 1, 2, 5, 3]);
  });

  it('sorts dates chronologically', () => {
    const rows: Row[] = [
      { id: 1, date: new Date('2024-03-01') },
      { id: 2, date: new Date('2023-12-31') },
      { id: 3, date: new Date('2024-01-15T10:00:00Z') },
      { id: 4, date: new Date('2024-01-15T09:00:00Z') },
    ];
    expect(ids(sortRows(rows, { key: 'date', direction: 'asc' }, get))).toEqual([2, 4, 3, 1]);
    expect(ids(sortRows(rows, { key: 'date', direction: 'desc' }, get))).toEqual([1, 3, 4, 2]);
  });

  it('sorts strings with the collator: case-insensitive order, numeric segments, accents', () => {
    const rows: Row[] = [
      { id: 1, name: 'banana' },
      { id: 2, name: 'Apple' },
      { id: 3, name: 'item 10' },
      { id: 4, name: 'item 2' },
      { id: 5, name: 'Éclair' },
      { id: 6, name: 'cherry' },
    ];
    // Code-point order would put "Apple" and "Éclair" in the wrong places and "item 10" before "item 2".
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, get, 'en').map((r) => r.name)).toEqual([
      'Apple',
      'banana',
      'cherry',
      'Éclair',
      'item 2',
      'item 10',
    ]);
  });

  it('uses the locale for string order', () => {
    const rows: Row[] = [
      { id: 1, name: 'z' },
      { id: 2, name: 'ä' },
      { id: 3, name: 'a' },
    ];
    // German sorts ä with a; Swedish sorts it after z.
    expect(ids(sortRows(rows, { key: 'name', direction: 'asc' }, get, 'de'))).toEqual([3, 2, 1]);
    expect(ids(sortRows(rows, { key: 'name', direction: 'asc' }, get, 'sv'))).toEqual([3, 1, 2]);
  });

  it('is stable: equal values keep their input order in both directions', () => {
    const rows: Row[] = [
      { id: 1, group: 'b' },
      { id: 2, group: 'a' },
      { id: 3, group: 'b' },
      { id: 4, group: 'a' },
      { id: 5, group: 'b' },
    ];
    expect(ids(sortRows(rows, { key: 'group', direction: 'asc' }, get))).toEqual([2, 4, 1, 3, 5]);
    expect(ids(sortRows(rows, { key: 'group', direction: 'desc' }, get))).toEqual([1, 3, 5, 2, 4]);
  });

  it('is stable for a large input (beyond any insertion-sort threshold)', () => {
    const rows: Row[] = Array.from({ length: 500 }, (_, i) => ({ id: i, amount: i % 3 }));
    const out = sortRows(rows, { key: 'amount', direction: 'desc' }, get);
    for (let i = 1; i < out.length; i++) {
      const a = out[i - 1]!;
      const b = out[i]!;
      if (a.amount === b.amount) expect(a.id).toBeLessThan(b.id);
      else expect(a.amount!).toBeGreaterThan(b.amount!);
    }
  });

  it('puts null, undefined, NaN and invalid dates last in both directions, in input order', () => {
    const rows: Row[] = [
      { id: 1, amount: null },
      { id: 2, amount: 5 },
      { id: 3 },
      { id: 4, amount: Number.NaN },
      { id: 5, amount: 1 },
    ];
    expect(ids(sortRows(rows, { key: 'amount', direction: 'asc' }, get))).toEqual([5, 2, 1, 3, 4]);
    expect(ids(sortRows(rows, { key: 'amount', direction: 'desc' }, get))).toEqual([2, 5, 1, 3, 4]);

    const dates: Row[] = [
      { id: 1, date: new Date('nope') },
      { id: 2, date: new Date('2024-01-02') },
      { id: 3, date: null },
      { id: 4, date: new Date('2024-01-01') },
    ];
    expect(ids(sortRows(dates, { key: 'date', direction: 'asc' }, get))).toEqual([4, 2, 1, 3]);
    expect(ids(sortRows(dates, { key: 'date', direction: 'desc' }, get))).toEqual([2, 4, 1, 3]);
  });

  it('treats an empty string as a value, not as missing', () => {
    const rows: Row[] = [
      { id: 1, name: 'b' },
      { id: 2, name: null },
      { id: 3, name: '' },
    ];
    expect(ids(sortRows(rows, { key: 'name', direction: 'asc' }, get))).toEqual([3, 1, 2]);
  });

  it('sorts by the first key and breaks ties with the following keys', () => {
    const rows: Row[] = [
      { id: 1, group: 'b', amount: 1 },
      { id: 2, group: 'a', amount: 1 },
      { id: 3, group: 'b', amount: 3 },
      { id: 4, group: 'a', amount: 2 },
    ];
    const out = sortRows(
      rows,
      [
        { key: 'group', direction: 'asc' },
        { key: 'amount', direction: 'desc' },
      ],
      get,
    );
    expect(ids(out)).toEqual([4, 2, 3, 1]);
    // A single-element array behaves like the descriptor itself.
    expect(ids(sortRows(rows, [{ key: 'group', direction: 'asc' }], get))).toEqual([2, 4, 1, 3]);
  });

  it('reads each sort value once per row', () => {
    const rows: Row[] = Array.from({ length: 50 }, (_, i) => ({ id: i, amount: (i * 7) % 11 }));
    let calls = 0;
    sortRows(rows, { key: 'amount', direction: 'asc' }, (row, key) => {
      calls++;
      return get(row, key);
    });
    expect(calls).toBe(50);
  });
});

describe('compareValues', () => {
  const c = getCollator('en');
  it('compares numbers and dates numerically, mixed with each other', () => {
    expect(compareValues(2, 10, c)).toBeLessThan(0);
    expect(compareValues(10, 2, c)).toBeGreaterThan(0);
    expect(compareValues(3, 3, c)).toBe(0);
    expect(compareValues(new Date(0), new Date(1), c)).toBeLessThan(0);
    expect(compareValues(new Date(5), 5, c)).toBe(0);
  });
  it('compares strings and mixed strings/numbers as text', () => {
    expect(compareValues('a', 'B', c)).toBeLessThan(0);
    expect(compareValues('x2', 'x10', c)).toBeLessThan(0);
    expect(compareValues(10, 'abc', c)).toBeLessThan(0);
  });
  it('caches collators per locale', () => {
    expect(getCollator('en')).toBe(getCollator('en'));
    expect(getCollator('de')).not.toBe(getCollator('en'));
  });
});

describe('pageRows', () => {
  const rows = Array.from({ length: 42 }, (_, i) => i + 1);

  it('slices a 1-based page and reports the range', () => {
    expect(pageRows(rows, 1, 10)).toMatchObject({
      rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      total: 42,
      totalPages: 5,
      page: 1,
      pageSize: 10,
      start: 1,
      end: 10,
    });
    expect(pageRows(rows, 2, 10)).toMatchObject({ start: 11, end: 20, page: 2 });
    expect(pageRows(rows, 2, 10).rows[0]).toBe(11);
  });

  it('returns a short last page', () => {
    const last = pageRows(rows, 5, 10);
    expect(last.rows).toEqual([41, 42]);
    expect(last).toMatchObject({ start: 41, end: 42, page: 5 });
  });

  it('clamps out-of-range and odd page numbers', () => {
    expect(pageRows(rows, 99, 10)).toMatchObject({ page: 5, start: 41, end: 42 });
    expect(pageRows(rows, 0, 10)).toMatchObject({ page: 1, start: 1 });
    expect(pageRows(rows, -3, 10)).toMatchObject({ page: 1 });
    expect(pageRows(rows, 2.7, 10)).toMatchObject({ page: 2, start: 11 });
    expect(pageRows(rows, Number.NaN, 10)).toMatchObject({ page: 1 });
  });

  it('shows everything on one page without a usable page size', () => {
    for (const size of [undefined, 0, -1, Number.POSITIVE_INFINITY, Number.NaN]) {
      const p = pageRows(rows, 1, size);
      expect(p.rows).toHaveLength(42);
      expect(p).toMatchObject({ totalPages: 1, start: 1, end: 42 });
    }
  });

  it('floors a fractional page size', () => {
    expect(pageRows(rows, 1, 4.9)).toMatchObject({ pageSize: 4, end: 4, totalPages: 11 });
  });

  it('handles an exact multiple of the page size', () => {
    expect(pageRows(rows.slice(0, 40), 4, 10)).toMatchObject({ totalPages: 4, start: 31, end: 40 });
  });

  it('handles no rows', () => {
    expect(pageRows([], 3, 10)).toEqual({
      rows: [],
      total: 0,
      totalPages: 1,
      page: 1,
      pageSize: 10,
      start: 0,
      end: 0,
    });
    expect(pageRows([], 1)).toMatchObject({ totalPages: 1, start: 0, end: 0 });
  });
});

describe('pageRange', () => {
  it('computes the range from a total alone (server-side paging)', () => {
    expect(pageRange(42, 3, 10)).toEqual({
      total: 42,
      totalPages: 5,
      page: 3,
      pageSize: 10,
      start: 21,
      end: 30,
    });
    expect(pageRange(42, 5, 10)).toMatchObject({ start: 41, end: 42 });
    expect(pageRange(42, 9, 10)).toMatchObject({ page: 5, start: 41, end: 42 });
  });
  it('treats a negative, fractional or non-finite total as a count of whole rows', () => {
    expect(pageRange(-5, 1, 10)).toMatchObject({ total: 0, totalPages: 1, start: 0, end: 0 });
    expect(pageRange(10.8, 1, 10)).toMatchObject({ total: 10, end: 10 });
    expect(pageRange(Number.NaN, 1, 10)).toMatchObject({ total: 0 });
  });
  it('agrees with pageRows', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    for (let page = 0; page <= 4; page++) {
      const { rows: _slice, ...range } = pageRows(rows, page, 7);
      expect(range).toEqual(pageRange(23, page, 7));
    }
  });
});

describe('sortAndPage', () => {
  const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, amount: 25 - i }));

  it('sorts the whole set before slicing', () => {
    const p = sortAndPage(rows, {
      sort: { key: 'amount', direction: 'asc' },
      getValue: get,
      page: 1,
      pageSize: 10,
    });
    // Amounts 1…10 belong to ids 25…16: the first page is taken from the sorted set, not the input.
    expect(ids(p.rows)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    const p3 = sortAndPage(rows, {
      sort: { key: 'amount', direction: 'asc' },
      getValue: get,
      page: 3,
      pageSize: 10,
    });
    expect(ids(p3.rows)).toEqual([5, 4, 3, 2, 1]);
    expect(p3).toMatchObject({ start: 21, end: 25, total: 25, totalPages: 3 });
  });

  it('defaults to page 1 and all rows', () => {
    const p = sortAndPage(rows, { getValue: get });
    expect(ids(p.rows)).toEqual(ids(rows));
    expect(p).toMatchObject({ page: 1, totalPages: 1 });
  });
});

describe('defaultSortValue', () => {
  it('reads primitive sort values from the row', () => {
    const d = new Date(0);
    const row = { s: 'x', n: 2, d, b: true, o: { a: 1 }, u: undefined, z: null };
    expect(defaultSortValue(row, 's')).toBe('x');
    expect(defaultSortValue(row, 'n')).toBe(2);
    expect(defaultSortValue(row, 'd')).toBe(d);
    expect(defaultSortValue(row, 'b')).toBe(1);
    expect(defaultSortValue(row, 'o')).toBeNull();
    expect(defaultSortValue(row, 'u')).toBeNull();
    expect(defaultSortValue(row, 'z')).toBeNull();
    expect(defaultSortValue(row, 'missing')).toBeNull();
    expect(defaultSortValue(null, 'x')).toBeNull();
    expect(defaultSortValue('str', 'length')).toBeNull();
  });
});

describe('nextSort', () => {
  it('starts a new column ascending and toggles the active one', () => {
    expect(nextSort(null, 'a')).toEqual({ key: 'a', direction: 'asc' });
    expect(nextSort({ key: 'a', direction: 'asc' }, 'a')).toEqual({ key: 'a', direction: 'desc' });
    expect(nextSort({ key: 'a', direction: 'desc' }, 'a')).toEqual({ key: 'a', direction: 'asc' });
    expect(nextSort({ key: 'a', direction: 'desc' }, 'b')).toEqual({ key: 'b', direction: 'asc' });
  });
});

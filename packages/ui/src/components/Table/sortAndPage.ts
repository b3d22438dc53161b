/**
 * Pure sorting and paging for <Table>. No React, no DOM: unit-tested in sortAndPage.test.ts.
 */

/** A value a column sorts by. `null`/`undefined` (and NaN, invalid dates) always sort last. */
export type SortValue = string | number | Date | null | undefined;

export type SortDirection = 'asc' | 'desc';

export interface SortDescriptor {
  /** The column key. */
  key: string;
  direction: SortDirection;
}

/**
 * One descriptor, or several in priority order (the first is the primary key, later ones break
 * ties). `null`/`undefined`/`[]` keep the input order.
 */
export type SortInput = SortDescriptor | readonly SortDescriptor[] | null | undefined;

export type SortValueGetter<Row> = (row: Row, key: string) => SortValue;

const isMissing = (v: SortValue): v is null | undefined =>
  v === null ||
  v === undefined ||
  (typeof v === 'number' && Number.isNaN(v)) ||
  (v instanceof Date && Number.isNaN(v.getTime()));

/** Numbers and dates compare as numbers (a date by its time); anything else as text. */
const asNumber = (v: SortValue): number | null =>
  typeof v === 'number' ? v : v instanceof Date ? v.getTime() : null;

const collatorCache = new Map<string, Intl.Collator>();

/** A locale-aware, numeric-aware collator ("item 2" < "item 10"), cached per locale. */
export function getCollator(locale?: string): Intl.Collator {
  const key = locale ?? '';
  let c = collatorCache.get(key);
  if (!c) {
    c = new Intl.Collator(locale || undefined, { numeric: true });
    collatorCache.set(key, c);
  }
  return c;
}

/**
 * Ascending comparison of two present values: numbers and dates numerically, everything else as
 * text with the collator (so mixed numbers and strings compare as text).
 */
export function compareValues(a: NonNullable<SortValue>, b: NonNullable<SortValue>, collator: Intl.Collator) {
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na < nb ? -1 : na > nb ? 1 : 0;
  const sa = typeof a === 'string' ? a : a instanceof Date ? a.toISOString() : String(a);
  const sb = typeof b === 'string' ? b : b instanceof Date ? b.toISOString() : String(b);
  return collator.compare(sa, sb);
}

const toList = (sort: SortInput): readonly SortDescriptor[] =>
  sort == null ? [] : Array.isArray(sort) ? sort : [sort as SortDescriptor];

/**
 * Returns a new, sorted array (the input is never mutated). Stable: rows that compare equal keep
 * their input order in both directions. Missing values sort last whatever the direction.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  sort: SortInput,
  getValue: SortValueGetter<Row>,
  locale?: string,
): Row[] {
  const keys = toList(sort);
  if (keys.length === 0) return rows.slice();
  const collator = getCollator(locale);
  // Decorate once: sort values are read a single time per row and key.
  const decorated = rows.map((row, index) => ({ row, index, values: keys.map((k) => getValue(row, k.key)) }));
  decorated.sort((x, y) => {
    for (let i = 0; i < keys.length; i++) {
      const a = x.values[i];
      const b = y.values[i];
      const ma = isMissing(a);
      const mb = isMissing(b);
      if (ma || mb) {
        if (ma && mb) continue;
        return ma ? 1 : -1;
      }
      const c = compareValues(a as NonNullable<SortValue>, b as NonNullable<SortValue>, collator);
      if (c !== 0) return keys[i]!.direction === 'desc' ? -c : c;
    }
    return x.index - y.index;
  });
  return decorated.map((d) => d.row);
}

export interface PageResult<Row> {
  /** The rows of the current page. */
  rows: Row[];
  /** Number of rows before slicing. */
  total: number;
  /** At least 1, even when there are no rows. */
  totalPages: number;
  /** The requested page clamped to 1…totalPages. */
  page: number;
  pageSize: number;
  /** 1-based position of the first row shown; 0 when there are none. */
  start: number;
  /** 1-based position of the last row shown; 0 when there are none. */
  end: number;
}

export type PageRange = Omit<PageResult<unknown>, 'rows'>;

const validPageSize = (pageSize: number | undefined): pageSize is number =>
  pageSize !== undefined && Number.isFinite(pageSize) && pageSize >= 1;

/**
 * The page arithmetic without the rows (also for server-side paging, where the caller has only the
 * total): a missing, zero, negative or non-finite page size means one page of everything; the page
 * is clamped into 1…totalPages (non-integers truncated).
 */
export function pageRange(total: number, page = 1, pageSize?: number): PageRange {
  const count = Math.max(0, Math.floor(Number.isFinite(total) ? total : 0));
  const size = validPageSize(pageSize) ? Math.floor(pageSize) : Math.max(count, 1);
  const totalPages = Math.max(1, Math.ceil(count / size));
  const requested = Number.isFinite(page) ? Math.trunc(page) : 1;
  const current = Math.min(Math.max(requested, 1), totalPages);
  const from = (current - 1) * size;
  const shown = Math.max(0, Math.min(size, count - from));
  return {
    total: count,
    totalPages,
    page: current,
    pageSize: size,
    start: shown ? from + 1 : 0,
    end: shown ? from + shown : 0,
  };
}

/** Slices rows to one 1-based page (see `pageRange` for how odd inputs are treated). */
export function pageRows<Row>(rows: readonly Row[], page = 1, pageSize?: number): PageResult<Row> {
  const range = pageRange(rows.length, page, pageSize);
  const from = range.start ? range.start - 1 : 0;
  return { rows: rows.slice(from, range.end), ...range };
}

export interface SortAndPageOptions<Row> {
  sort?: SortInput;
  getValue: SortValueGetter<Row>;
  /** 1-based. Default 1. */
  page?: number;
  /** Omit to show every row. */
  pageSize?: number;
  /** BCP 47 locale for string comparison. */
  locale?: string;
}

/** Sorts, then slices to the requested page. */
export function sortAndPage<Row>(rows: readonly Row[], options: SortAndPageOptions<Row>): PageResult<Row> {
  const { sort, getValue, page = 1, pageSize, locale } = options;
  return pageRows(sortRows(rows, sort, getValue, locale), page, pageSize);
}

/** Reads `row[key]` as a sort value when it is one (string, number, Date, null); else `null`. */
export function defaultSortValue(row: unknown, key: string): SortValue {
  if (row === null || typeof row !== 'object') return null;
  const v = (row as Record<string, unknown>)[key];
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/** The next sort when a column header is activated: a new column starts ascending, then toggles. */
export function nextSort(current: SortDescriptor | null | undefined, key: string): SortDescriptor {
  if (current && current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

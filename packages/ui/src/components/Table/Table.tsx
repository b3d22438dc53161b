'use client';

import { useLocaleContext } from '@ark-ui/react/locale';
import { Pagination } from '@ark-ui/react/pagination';
import { isValidElement, useCallback, useId, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import { Skeleton } from '../Skeleton/index.js';
import * as styles from './Table.css.js';
import { defaultSortValue, nextSort, pageRange, sortAndPage } from './sortAndPage.js';
import type { PageRange, SortDescriptor, SortValue } from './sortAndPage.js';

export type TableAlign = 'start' | 'center' | 'end';

export interface TableColumn<Row> {
  /** Unique per table; also the row property read when there is no `cell` / `sortValue`. */
  key: string;
  header: ReactNode;
  /** Renders the cell. Default: `row[key]` (numbers and dates formatted for the locale). */
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The value to sort by. Default: `row[key]` when it is a string, number or Date. */
  sortValue?: (row: Row) => SortValue;
  /** Default `start`; use `end` for numbers and amounts. */
  align?: TableAlign;
  /** Preferred width (px for numbers, any CSS length for strings); also the column's minimum. */
  width?: number | string;
  /** The narrowest the column gets before the region scrolls sideways. Default: `width`, else the table's `columnMinWidth`. */
  minWidth?: number | string;
  /** Cells of this column are row headers (`<th scope="row">`), e.g. a name or id. */
  rowHeader?: boolean;
}

/** The sort state: a column key and a direction, or `null` for the input order. */
export type TableSort = SortDescriptor | null;

export interface TableShowingDetails extends PageRange {
  /** Formats a number for the current locale. */
  format: (n: number) => string;
}

export interface TableLabels {
  /** The range summary under the table. */
  showing: (details: TableShowingDetails) => string;
  previousPage: string;
  nextPage: string;
  /** Accessible name of a page button. */
  page: (details: { page: number; totalPages: number }) => string;
  /** Prefix of the pager's accessible name (the caption follows it, so several tables stay distinct). */
  pagination: string;
  /** The empty row's content when no `empty` is given. */
  noResults: string;
  /** Announced while `loading`. */
  loading: string;
}

export const defaultTableLabels: TableLabels = {
  showing: ({ start, end, total, format }) => `Showing ${format(start)}–${format(end)} of ${format(total)}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: ({ page }) => `Page ${page}`,
  pagination: 'Pagination',
  noResults: 'No results',
  loading: 'Loading',
};

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  /** All rows (client-side), or the current page's rows when `manual`. */
  rows: readonly Row[];
  getRowId: (row: Row, index: number) => string | number;
  /** Required: names the table and its scroll region. Hide it visually with `captionHidden`. */
  caption: ReactNode;
  captionHidden?: boolean;

  /** Controlled sort. `null` keeps the input order. */
  sort?: TableSort;
  defaultSort?: TableSort;
  onSortChange?: (sort: TableSort) => void;

  /** Rows per page; pagination is shown only when set. */
  pageSize?: number;
  /** Controlled 1-based page. */
  page?: number;
  defaultPage?: number;
  onPageChange?: (page: number) => void;

  /**
   * Server-side data: `rows` are already sorted and paged by the caller, who listens to
   * `onSortChange` / `onPageChange`; `total` is the full count.
   */
  manual?: boolean;
  /** Total row count for the pager and summary. Default `rows.length`. */
  total?: number;

  /** Shows skeleton rows instead of data and marks the table busy. */
  loading?: boolean;
  /** Number of skeleton rows. Default: the page size (at most 10), else 5. */
  loadingRows?: number;
  /** Content of the row shown when there are no rows (default: "No results"). */
  empty?: ReactNode;

  /** Keep the header visible while the region scrolls. Default true. Needs `maxHeight` to matter. */
  stickyHeader?: boolean;
  /** Limits the region's height so the body scrolls under the (sticky) header. */
  maxHeight?: number | string;
  /** Minimum table width before the region scrolls sideways. */
  minWidth?: number | string;
  /** Default minimum column width (a floor for squeezed columns). Default 120px. */
  columnMinWidth?: number | string;

  labels?: Partial<TableLabels>;
  className?: string;
  id?: string;
}

const cssLength = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

const SKELETON_WIDTHS = ['72%', '56%', '84%', '64%', '48%'];

function SortIcon({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  return (
    <svg className={styles.sortIcon} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {direction !== 'desc' && <path d="M6 1 L10 5 H2 Z" fill="currentColor" />}
      {direction !== 'asc' && <path d="M6 11 L2 7 H10 Z" fill="currentColor" />}
    </svg>
  );
}

function Chevron({ to }: { to: 'start' | 'end' }) {
  return (
    <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={to === 'start' ? 'M10 3 L5 8 L10 13' : 'M6 3 L11 8 L6 13'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A data table: typed columns, sortable headers (`aria-sort`), client- or server-side paging with an
 * Ark UI pager, loading and empty rows, a sticky header and a keyboard-scrollable region for narrow
 * containers.
 */
export function Table<Row>({
  columns,
  rows,
  getRowId,
  caption,
  captionHidden = false,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  pageSize,
  page: pageProp,
  defaultPage = 1,
  onPageChange,
  manual = false,
  total: totalProp,
  loading = false,
  loadingRows,
  empty,
  stickyHeader = true,
  maxHeight,
  minWidth,
  columnMinWidth,
  labels: labelOverrides,
  className,
  id,
}: TableProps<Row>) {
  const { locale } = useLocaleContext();
  const labels = { ...defaultTableLabels, ...labelOverrides };
  const baseId = useId();
  const captionId = `${baseId}-caption`;
  const pagerLabelId = `${baseId}-pager-label`;

  const [innerSort, setInnerSort] = useState<TableSort>(defaultSort);
  const sort = sortProp !== undefined ? sortProp : innerSort;
  const [innerPage, setInnerPage] = useState(defaultPage);
  const requestedPage = pageProp ?? innerPage;

  const numberFormat = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);

  const getValue = useCallback(
    (row: Row, key: string): SortValue => {
      const column = columns.find((c) => c.key === key);
      return column?.sortValue ? column.sortValue(row) : defaultSortValue(row, key);
    },
    [columns],
  );

  const view = useMemo(() => {
    if (manual) {
      return { rows: rows.slice(), ...pageRange(totalProp ?? rows.length, requestedPage, pageSize) };
    }
    return sortAndPage(rows, { sort, getValue, page: requestedPage, pageSize, locale });
  }, [manual, rows, totalProp, requestedPage, pageSize, sort, getValue, locale]);

  const changePage = (next: number) => {
    // Uncontrolled state always follows (it may hold an out-of-range page that was clamped for display).
    if (pageProp === undefined) setInnerPage(next);
    if (next !== view.page) onPageChange?.(next);
  };

  const changeSort = (key: string) => {
    const next = nextSort(sort, key);
    if (sortProp === undefined) setInnerSort(next);
    onSortChange?.(next);
    // A new order starts from its first page.
    changePage(1);
  };

  const renderCell = (row: Row, column: TableColumn<Row>): ReactNode => {
    if (column.cell) return column.cell(row);
    const value =
      row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[column.key] : undefined;
    if (value == null || typeof value === 'boolean') return value == null ? '' : String(value);
    if (typeof value === 'number') return numberFormat.format(value);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateFormat.format(value);
    if (typeof value === 'string' || isValidElement(value)) return value;
    return '';
  };

  const paginated = pageSize !== undefined && pageSize > 0;
  const skeletonCount = Math.max(1, loadingRows ?? (paginated ? Math.min(pageSize, 10) : 5));
  const isEmpty = !loading && view.rows.length === 0;
  const columnCount = Math.max(1, columns.length);

  const regionStyle = { '--cp-table-max-height': cssLength(maxHeight) ?? 'initial' } as CSSProperties;
  const tableStyle = {
    '--cp-table-min-width': cssLength(minWidth) ?? 'initial',
    '--cp-table-col-min-width': cssLength(columnMinWidth) ?? 'initial',
  } as CSSProperties;

  return (
    <div
      id={id}
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-loading={loading ? '' : undefined}
      data-empty={isEmpty ? '' : undefined}
    >
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-focusable (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        className={styles.scroll}
        style={regionStyle}
      >
        <table className={styles.table} style={tableStyle} aria-busy={loading || undefined}>
          <caption id={captionId} className={captionHidden ? visuallyHidden : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort && sort.key === column.key ? sort.direction : undefined;
                const alignment = column.align ?? 'start';
                const columnStyle = {
                  '--cp-col-width': cssLength(column.width) ?? 'initial',
                  '--cp-col-min-width': cssLength(column.minWidth) ?? 'initial',
                } as CSSProperties;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      column.sortable
                        ? active === 'asc'
                          ? 'ascending'
                          : active === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                    className={[styles.headerCell, styles.align[alignment], stickyHeader ? styles.sticky : '']
                      .filter(Boolean)
                      .join(' ')}
                    style={columnStyle}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className={[styles.sortButton, styles.buttonAlign[alignment]].join(' ')}
                        data-sorted={active}
                        onClick={() => changeSort(column.key)}
                      >
                        <span>{column.header}</span>
                        <SortIcon direction={active} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              Array.from({ length: skeletonCount }, (_, r) => (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row is not focusable; placeholder rows are hidden while the table is aria-busy.
                <tr key={`skeleton-${r}`} aria-hidden="true" data-skeleton="">
                  {columns.map((column, c) => (
                    <td key={column.key} className={[styles.cell, styles.skeletonCell].join(' ')}>
                      <Skeleton
                        shape="text"
                        width={SKELETON_WIDTHS[(r + c) % SKELETON_WIDTHS.length]}
                        className={styles.skeletonAlign[column.align ?? 'start']}
                      />
                    </td>
                  ))}
                </tr>
              ))
            ) : isEmpty ? (
              <tr data-empty="">
                <td colSpan={columnCount} className={[styles.cell, styles.emptyCell].join(' ')}>
                  {empty ?? labels.noResults}
                </td>
              </tr>
            ) : (
              view.rows.map((row, index) => (
                <tr key={getRowId(row, index)} className={styles.row}>
                  {columns.map((column) => {
                    const cls = [
                      styles.cell,
                      styles.align[column.align ?? 'start'],
                      column.rowHeader ? styles.rowHeaderCell : '',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" className={cls}>
                        {renderCell(row, column)}
                      </th>
                    ) : (
                      <td key={column.key} className={cls}>
                        {renderCell(row, column)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>

      <span role="status" className={visuallyHidden}>
        {loading ? labels.loading : ''}
      </span>

      {paginated && view.total > 0 && (
        <div className={styles.footer}>
          <p role="status" className={styles.summary}>
            {labels.showing({ ...view, format: (n) => numberFormat.format(n) })}
          </p>
          <span id={pagerLabelId} hidden>
            {labels.pagination}
          </span>
          <Pagination.Root
            className={styles.pagerRoot}
            aria-labelledby={`${pagerLabelId} ${captionId}`}
            count={view.total}
            pageSize={view.pageSize}
            page={view.page}
            siblingCount={1}
            onPageChange={(details) => changePage(details.page)}
            translations={{
              rootLabel: labels.pagination,
              prevTriggerLabel: labels.previousPage,
              nextTriggerLabel: labels.nextPage,
              itemLabel: labels.page,
            }}
          >
            <Pagination.PrevTrigger className={styles.pagerTrigger}>
              <Chevron to="start" />
            </Pagination.PrevTrigger>
            <Pagination.Context>
              {(api) =>
                api.pages.map((item, i) =>
                  item.type === 'page' ? (
                    <Pagination.Item key={`p${item.value}`} {...item} className={styles.pagerItem}>
                      {numberFormat.format(item.value)}
                    </Pagination.Item>
                  ) : (
                    <Pagination.Ellipsis key={`e${i}`} index={i} className={styles.pagerEllipsis}>
                      …
                    </Pagination.Ellipsis>
                  ),
                )
              }
            </Pagination.Context>
            <Pagination.NextTrigger className={styles.pagerTrigger}>
              <Chevron to="end" />
            </Pagination.NextTrigger>
          </Pagination.Root>
        </div>
      )}
    </div>
  );
}

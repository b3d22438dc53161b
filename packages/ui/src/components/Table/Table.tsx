'use client';

import { useLocaleContext } from '@ark-ui/react/locale';
import { isValidElement, useCallback, useId, useMemo, useState } from 'react';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import { EmptyState } from '../EmptyState/index.js';
import { ErrorState } from '../ErrorState/index.js';
import { errorContent } from '../ErrorState/errorContent.js';
import type { ErrorInput } from '../ErrorState/errorContent.js';
import { Skeleton } from '../Skeleton/index.js';
import * as styles from './Table.css.js';
import { TableFooter } from './TableFooter.js';
import { pageSelection, togglePage, toggleRow } from './selection.js';
import type { TableRowId } from './selection.js';
import { defaultSortValue, nextSort, pageRange, sortAndPage } from './sortAndPage.js';
import type { PageRange, SortDescriptor, SortValue } from './sortAndPage.js';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type { TableRowId } from './selection.js';

export type TableAlign = 'start' | 'center' | 'end';

export interface TableColumn<Row> {
  /** Unique per table; also the row property read when there is no `cell` / `sortValue`. */
  key: string;
  /**
   * The column header's content, usually a short text. In a `sortable` column it sits inside the sort
   * button, so it must not contain links or other controls.
   */
  header: ReactNode;
  /**
   * Renders the cell. Default: `row[key]`, numbers and dates formatted for the locale, strings as they
   * are, `null` / `undefined` empty.
   */
  cell?: (row: Row) => ReactNode;
  /**
   * The header becomes a button that sorts by this column: ascending first, then toggling; the header
   * cell carries `aria-sort`. Default false.
   */
  sortable?: boolean;
  /**
   * The value to sort by. Default: `row[key]` when it is a string, number or Date (a boolean counts as
   * 1 / 0); anything else, like a missing value, sorts last.
   */
  sortValue?: (row: Row) => SortValue;
  /** `start` (default) · `center` · `end` (numbers, amounts, dates). */
  align?: TableAlign;
  /** Preferred width (px for numbers, any CSS length for strings); also the column's minimum. */
  width?: number | string;
  /**
   * The narrowest the column gets before the region scrolls sideways. Default: `width`, else the
   * table's `columnMinWidth` (120px).
   */
  minWidth?: number | string;
  /**
   * Cells of this column are row headers (`<th scope="row">`), e.g. a name or id; they also name each
   * row's checkbox ("Select CASE-001"). Default false.
   */
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
  /** Accessible name of the pager's previous-page button. */
  previousPage: string;
  /** Accessible name of the pager's next-page button. */
  nextPage: string;
  /** Accessible name of a page button. */
  page: (details: { page: number; totalPages: number }) => string;
  /** Prefix of the pager's accessible name (the caption follows it, so several tables stay distinct). */
  pagination: string;
  /** Title of the empty state when no `empty` is given. */
  noResults: string;
  /** Announced while `loading`. */
  loading: string;
  /** Title of the error state (`error`). */
  error: string;
  /** The error state's retry button (`onRetry`). */
  retry: string;
  /** The error state's disclosure of an Error's message. */
  errorDetails: string;
  /** Accessible name of the header checkbox (`selectable`); it acts on the rows of the current page. */
  selectAll: (details: { paginated: boolean }) => string;
  /** Leads each row checkbox's accessible name, followed by the row header (or first cell): "Select CASE-001". */
  selectRow: string;
  /** The selected-row count under the table. */
  selected: (details: { count: number; format: (n: number) => string }) => string;
}

export const defaultTableLabels: TableLabels = {
  showing: ({ start, end, total, format }) => `Showing ${format(start)}–${format(end)} of ${format(total)}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: ({ page }) => `Page ${page}`,
  pagination: 'Pagination',
  noResults: 'No results',
  loading: 'Loading',
  error: 'Could not load this table',
  retry: 'Try again',
  errorDetails: 'Technical details',
  selectAll: ({ paginated }) => (paginated ? 'Select all rows on this page' : 'Select all rows'),
  selectRow: 'Select',
  selected: ({ count, format }) => `${format(count)} selected`,
};

export interface TableProps<Row> {
  /**
   * Required. The columns, in order (mirrored in right-to-left layouts): each a `key` and a `header`,
   * and optionally `cell`, `sortable`, `sortValue`, `align`, `width`, `minWidth`, `rowHeader`.
   */
  columns: readonly TableColumn<Row>[];
  /** All rows (client-side), or the current page's rows when `manual`. */
  rows: readonly Row[];
  /**
   * Required. A stable, unique id per row: its React key and its id in `selectedIds` /
   * `onSelectionChange`. `index` is the row's position on the current page after sorting, not in
   * `rows`, so return a field of the row (`(row) => row.id`).
   */
  getRowId: (row: Row, index: number) => string | number;
  /** Required: names the table and its scroll region. Hide it visually with `captionHidden`. */
  caption: ReactNode;
  /**
   * Hide the caption visually; it still names the table for assistive technology. Only when a visible
   * heading says the same. Default false.
   */
  captionHidden?: boolean;

  /** Controlled sort: `{ key, direction: 'asc' | 'desc' }`, or `null` for the input order. */
  sort?: TableSort;
  /** The initial sort when uncontrolled: `{ key, direction }`, or `null` (default) for the input order. */
  defaultSort?: TableSort;
  /**
   * Called with the new sort when a sortable header is activated: another column starts `asc`, the
   * same column toggles `asc` / `desc` (never back to `null`). The table then goes to page 1.
   */
  onSortChange?: (sort: TableSort) => void;

  /** Rows per page; the pager and the "Showing" summary appear only when it is set. Default: every row. */
  pageSize?: number;
  /** Controlled 1-based page (clamped to the pages there are). */
  page?: number;
  /** The initial 1-based page when uncontrolled. Default 1. */
  defaultPage?: number;
  /** Called with the new 1-based page when it changes: from the pager, or back to 1 when the sort changes. */
  onPageChange?: (page: number) => void;

  /**
   * Server-side data: `rows` are already sorted and paged by the caller, who listens to
   * `onSortChange` / `onPageChange`; `total` is the full count.
   */
  manual?: boolean;
  /** With `manual`: the full row count, for the pager and summary. Default `rows.length`. */
  total?: number;

  /** Shows skeleton rows instead of data and marks the table busy. Default false. */
  loading?: boolean;
  /** Number of skeleton rows. Default: the page size (at most 10), else 5. */
  loadingRows?: number;
  /**
   * What shows when there are no rows: a string becomes the title of the kit's EmptyState (default
   * `labels.noResults`); any other node (an EmptyState with an action, say) is shown as it is.
   */
  empty?: ReactNode;

  /**
   * Shows the kit's ErrorState instead of the rows: `true`, a message, or the caught Error (its
   * message goes under "Technical details"). Wins over `loading`; use `retrying` while retrying.
   */
  error?: ErrorInput;
  /** With `error`: shows a retry button. */
  onRetry?: () => void;
  /** With `error`: the retry is under way (the button is busy and ignores clicks). */
  retrying?: boolean;

  /**
   * Adds a checkbox column: rows can be selected with the mouse or the keyboard (Tab, Space); the
   * header checkbox selects or clears the page, and the count shows under the table. Default false.
   */
  selectable?: boolean;
  /** Controlled selection: the ids (`getRowId`) of the selected rows, on any page. */
  selectedIds?: readonly TableRowId[];
  /** The initially selected row ids when uncontrolled. Default none. */
  defaultSelectedIds?: readonly TableRowId[];
  /**
   * Called when a row's or the header checkbox changes, with the ids of every selected row (on all
   * pages), in the order they were selected.
   */
  onSelectionChange?: (ids: TableRowId[]) => void;
  /**
   * Rows that are unavailable: shown muted, `aria-disabled`, and their checkbox is disabled (their
   * selection, if any, can't change). Disable any controls you render in their cells yourself.
   */
  isRowDisabled?: (row: Row) => boolean;

  /** Keep the header visible while the region scrolls. Default true. Needs `maxHeight` to matter. */
  stickyHeader?: boolean;
  /** Limits the region's height (px, or any CSS length), so the body scrolls under the (sticky) header. */
  maxHeight?: number | string;
  /** Minimum table width (px, or any CSS length) before the region scrolls sideways. Default none. */
  minWidth?: number | string;
  /** Default minimum column width (a floor for squeezed columns). Default 120px. */
  columnMinWidth?: number | string;

  /**
   * Replaces any of the table's strings, for translation: the pager (`previousPage`, `nextPage`,
   * `page`, `pagination`), the summary (`showing`, `selected`), the states (`noResults`, `loading`,
   * `error`, `retry`, `errorDetails`) and the checkboxes (`selectAll`, `selectRow`). Default: the
   * English `defaultTableLabels`.
   */
  labels?: Partial<TableLabels>;
  /** Extra class on the table's root element (around the scroll region and the footer). */
  className?: string;
  /** `id` of the table's root element. */
  id?: string;
}

const cssLength = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

const SKELETON_WIDTHS = ['72%', '56%', '84%', '64%', '48%'];

function SortIcon({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  const glyph = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon icon={glyph} size={14} className={styles.sortIcon} />;
}

/** A native checkbox: `indeterminate` can only be set as a property. */
function Checkbox({
  indeterminate = false,
  ...props
}: ComponentProps<'input'> & { indeterminate?: boolean }) {
  return (
    <input
      {...props}
      type="checkbox"
      className={styles.checkbox}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
    />
  );
}

/**
 * A data table: typed columns, sortable headers (`aria-sort`), client- or server-side paging with an
 * Ark UI pager, row selection and disabled rows, loading, empty and error states, a sticky header
 * and a keyboard-scrollable region for narrow containers.
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
  error,
  onRetry,
  retrying,
  selectable = false,
  selectedIds,
  defaultSelectedIds = [],
  onSelectionChange,
  isRowDisabled,
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
  const [innerSelected, setInnerSelected] = useState<readonly TableRowId[]>(defaultSelectedIds);
  const selected = selectedIds ?? innerSelected;
  const selectedSet = useMemo(() => new Set(selected), [selected]);

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

  const changeSelection = (next: TableRowId[]) => {
    if (selectedIds === undefined) setInnerSelected(next);
    onSelectionChange?.(next);
  };

  const failure = errorContent(error);
  const loadingRowsShown = loading && !failure;
  const paginated = pageSize !== undefined && pageSize > 0;
  const skeletonCount = Math.max(1, loadingRows ?? (paginated ? Math.min(pageSize, 10) : 5));
  const isEmpty = !loadingRowsShown && !failure && view.rows.length === 0;
  const columnCount = Math.max(1, columns.length) + (selectable ? 1 : 0);
  const pageRows = failure || loadingRowsShown ? [] : view.rows;
  const rowIds = pageRows.map((row, index) => getRowId(row, index));
  const selectableIds = rowIds.filter((_, i) => !isRowDisabled?.(pageRows[i] as Row));
  const headerSelection = pageSelection(selectedSet, selectableIds);
  // Each row checkbox is named "Select" + the row's header cell (else its first cell).
  const labelColumn = columns.find((c) => c.rowHeader) ?? columns[0];
  const selectLabelId = `${baseId}-select`;
  const rowLabelId = (index: number) => `${baseId}-row-${index}`;
  const narrowColumn = { '--cp-col-width': '44px', '--cp-col-min-width': '44px' } as CSSProperties;
  const stateCell = (content: ReactNode) => (
    <tr data-empty={failure ? undefined : ''}>
      <td colSpan={columnCount} className={`${styles.cell} ${styles.emptyCell}`}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (failure) {
    body = stateCell(
      <ErrorState
        size="sm"
        title={labels.error}
        message={failure.message}
        details={failure.details}
        onRetry={onRetry}
        retrying={retrying}
        labels={{ retry: labels.retry, details: labels.errorDetails }}
      />,
    );
  } else if (loadingRowsShown) {
    body = Array.from({ length: skeletonCount }, (_, r) => (
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a row is not focusable; placeholder rows are hidden while the table is aria-busy.
      <tr key={`skeleton-${r}`} aria-hidden="true" data-skeleton="">
        {selectable && <td className={styles.cell} />}
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
    ));
  } else if (isEmpty) {
    body = stateCell(
      empty == null || typeof empty === 'string' ? (
        <EmptyState size="sm" title={empty || labels.noResults} />
      ) : (
        empty
      ),
    );
  } else {
    body = pageRows.map((row, index) => {
      const id = rowIds[index] as TableRowId;
      const disabled = isRowDisabled?.(row) ?? false;
      const isSelected = selectedSet.has(id);
      return (
        <tr
          key={id}
          className={styles.row}
          aria-selected={selectable ? isSelected : undefined}
          aria-disabled={disabled || undefined}
        >
          {selectable && (
            <td className={styles.cell}>
              <Checkbox
                aria-labelledby={`${selectLabelId} ${rowLabelId(index)}`}
                checked={isSelected}
                disabled={disabled}
                onChange={(e) => changeSelection(toggleRow(selected, id, e.currentTarget.checked))}
              />
            </td>
          )}
          {columns.map((column) => {
            const cls = [
              styles.cell,
              styles.align[column.align ?? 'start'],
              column.rowHeader ? styles.rowHeaderCell : '',
            ]
              .filter(Boolean)
              .join(' ');
            const cellId = column === labelColumn ? rowLabelId(index) : undefined;
            return column.rowHeader ? (
              <th key={column.key} id={cellId} scope="row" className={cls}>
                {renderCell(row, column)}
              </th>
            ) : (
              <td key={column.key} id={cellId} className={cls}>
                {renderCell(row, column)}
              </td>
            );
          })}
        </tr>
      );
    });
  }

  const regionStyle = { '--cp-table-max-height': cssLength(maxHeight) ?? 'initial' } as CSSProperties;
  const tableStyle = {
    '--cp-table-min-width': cssLength(minWidth) ?? 'initial',
    '--cp-table-col-min-width': cssLength(columnMinWidth) ?? 'initial',
  } as CSSProperties;

  return (
    <div
      id={id}
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-loading={loadingRowsShown ? '' : undefined}
      data-empty={isEmpty ? '' : undefined}
      data-error={failure ? '' : undefined}
    >
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-focusable (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        className={styles.scroll}
        style={regionStyle}
      >
        <table className={styles.table} style={tableStyle} aria-busy={loadingRowsShown || undefined}>
          <caption id={captionId} className={captionHidden ? visuallyHidden : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {selectable && (
                <th
                  scope="col"
                  className={`${styles.headerCell} ${stickyHeader ? styles.sticky : ''}`}
                  style={narrowColumn}
                >
                  <Checkbox
                    aria-label={labels.selectAll({ paginated })}
                    checked={headerSelection === 'all'}
                    indeterminate={headerSelection === 'some'}
                    disabled={selectableIds.length === 0}
                    onChange={() => changeSelection(togglePage(selected, selectableIds))}
                  />
                  <span id={selectLabelId} hidden>
                    {labels.selectRow}
                  </span>
                </th>
              )}
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
          <tbody>{body}</tbody>
        </table>
      </section>

      <span role="status" className={visuallyHidden}>
        {loadingRowsShown ? labels.loading : ''}
      </span>

      {!failure && (selectable || (paginated && view.total > 0)) && (
        <TableFooter
          labels={labels}
          format={(n) => numberFormat.format(n)}
          view={paginated && view.total > 0 ? view : null}
          onPageChange={changePage}
          selectedCount={selectable ? selected.length : null}
          captionId={captionId}
          pagerLabelId={pagerLabelId}
        />
      )}
    </div>
  );
}

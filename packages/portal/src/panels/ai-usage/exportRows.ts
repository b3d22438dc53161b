import type { ChartData, TableColumn, TableSort } from '@client-portal/ui';
import { defaultSortValue, sortRows } from '@client-portal/ui';
import type { CsvCell, CsvRows } from '../../lib/csv.js';

/** A chart's values as CSV rows: one per label, the label first, then each series (empty for no data). */
export function chartRows(
  data: ChartData,
  formatLabel: (label: string) => string = (label) => label,
): { header: (labelHeader: string) => string[]; rows: CsvRows } {
  return {
    header: (labelHeader) => [labelHeader, ...data.series.map((s) => s.name)],
    rows: data.labels.map((label, i) => [
      formatLabel(label),
      ...data.series.map((s) => {
        const v = s.data[i];
        return v === null || v === undefined || !Number.isFinite(v) ? null : v;
      }),
    ]),
  };
}

/**
 * A table's rows in the order the table shows them (its sort, by the same sort values), each
 * through `cells`, so the export matches the screen.
 */
export function tableRows<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  sort: TableSort,
  cells: (row: Row) => readonly CsvCell[],
  locale?: string,
): CsvRows {
  const sorted = sortRows(
    rows,
    sort,
    (row, key) => {
      const column = columns.find((c) => c.key === key);
      return column?.sortValue ? column.sortValue(row) : defaultSortValue(row, key);
    },
    locale,
  );
  return sorted.map(cells);
}

import type { CsvCell } from '../../lib/csv.js';

/**
 * A column of a table the panel shows, with the text of its header and what its CSV cell holds,
 * so that the export has the columns and rows the screen has.
 */
export interface CsvColumn<Row> {
  header: string;
  csv: (row: Row) => CsvCell;
}

export function tableCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]) {
  return {
    header: columns.map((c) => c.header),
    rows: rows.map((row) => columns.map((c) => c.csv(row))),
  };
}

/** A figure as a spreadsheet holds it: rates as percentages (2 decimals), hours and counts as they are. */
export function csvFigure(value: number | null, unit: 'rate' | 'hours' | 'count'): CsvCell {
  if (value === null || !Number.isFinite(value)) return null;
  return unit === 'rate' ? Math.round(value * 10_000) / 100 : value;
}

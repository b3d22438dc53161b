/**
 * CSV export of what a table or chart shows (RFC 4180): one header row, then one row per line on
 * screen. Cells are quoted when they hold a comma, quote or line break; a cell that a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe
 * (OWASP "CSV injection"), numbers excepted so that "-3" stays a number.
 */
export type CsvCell = string | number | boolean | null | undefined;
export type CsvRows = readonly (readonly CsvCell[])[];

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of a header row and its rows, lines ended by CRLF as RFC 4180 says. */
export function toCsv(header: readonly string[], rows: CsvRows): string {
  return [header, ...rows]
    .map((row) => row.map(cell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * A file name for an export: the parts joined by "-", each reduced to letters, digits,
 * "_", "-" so no part can add a path or an odd character ("PORTAL", "2026-01-01" → "PORTAL-2026-01-01.csv").
 */
export function csvFileName(...parts: readonly string[]): string {
  const safe = parts.map((part) => part.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^[_-]+|[_-]+$/g, ''));
  return `${safe.filter(Boolean).join('-') || 'export'}.csv`;
}

/**
 * Saves the CSV through the browser: a UTF-8 byte-order mark first so Excel reads accents right,
 * then a temporary object URL clicked as a download and revoked.
 */
export function downloadCsv(fileName: string, csv: string, doc: Document = document): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

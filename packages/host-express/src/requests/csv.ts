// A small CSV writer (RFC 4180) for the requests export, safe to open in a spreadsheet:
//
// - a cell is quoted when it holds a comma, a double quote, CR or LF, and its quotes are doubled;
// - a cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a
//   leading apostrophe, so `=HYPERLINK(…)` in a title is shown as text (OWASP "CSV injection");
// - rows end with CRLF; the file starts with a UTF-8 byte order mark, so Excel reads the accents.

/** Characters that make a spreadsheet read a cell as a formula when they start it. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null and undefined are empty; formulas are defused; quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are data, not formulas (a negative number stays a number).
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The whole file: a byte order mark, the header row, then the rows. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null | undefined)[]>,
): string {
  const parts = ['\uFEFF', csvRow(header)];
  for (const row of rows) parts.push(csvRow(row));
  return parts.join('');
}

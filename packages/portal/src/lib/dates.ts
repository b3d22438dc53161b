import { isValid, parseISO } from 'date-fns';

const parse = (v: Date | string | number | null | undefined): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : typeof v === 'string' ? parseISO(v) : new Date(v);
  return isValid(d) ? d : null;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Numeric day/month/year (e.g. 05/03/2024); '-' for an empty or invalid date. */
export function formatDateNumeric(v: Date | string | number | null | undefined): string {
  const d = parse(v);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}` : '-';
}

/**
 * Abbreviated month, day, year (e.g. 'Mar 5, 2024'); '' for an empty or invalid date. In another
 * locale (a BCP 47 tag), that locale's order and month names ('5. März 2024', not 'März 5, 2024'),
 * through Intl: the browser has every locale's date names, so none travel with the portal.
 */
export function formatDateShort(v: Date | string | number | null | undefined, locale = 'en-US'): string {
  const d = parse(v);
  return d
    ? new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(d)
    : '';
}

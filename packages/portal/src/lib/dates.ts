import { format, isValid, parseISO } from 'date-fns';
import type { Locale } from 'date-fns';

const parse = (v: Date | string | number | null | undefined): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : typeof v === 'string' ? parseISO(v) : new Date(v);
  return isValid(d) ? d : null;
};

/** Numeric day/month/year (e.g. 05/03/2024); '-' for an empty or invalid date. */
export function formatDateNumeric(v: Date | string | number | null | undefined): string {
  const d = parse(v);
  return d ? format(d, 'dd/MM/yyyy') : '-';
}

/**
 * Abbreviated month, day, year (e.g. 'Mar 5, 2024'); '' for an empty or invalid date. In another
 * locale, that locale's medium date ('5. März 2024', not 'März 5, 2024').
 */
export function formatDateShort(v: Date | string | number | null | undefined, locale?: Locale): string {
  const d = parse(v);
  return d ? format(d, 'PP', { locale }) : '';
}

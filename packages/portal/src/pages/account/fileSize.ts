const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const STEP = 1024;

/**
 * A file size for people, in the locale's numbers and unit names: "512 bytes", "412 kB", "1.8 MB"
 * ("1,8 MB" in German). Steps of 1024, as file managers count; one decimal below 10, none above.
 * An invalid or negative size is ''.
 */
export function formatFileSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < STEP) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(
      Math.round(bytes),
    );
  }
  let value = bytes / STEP;
  let unit = 0;
  // Step up when the rounded value would read 1024 of a unit ("1,024 kB" is "1 MB").
  while (unit < UNITS.length - 1 && Math.round(value) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

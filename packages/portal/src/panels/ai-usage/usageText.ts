import type { AiTool } from '@client-portal/api-client';
import type { ChartLabels } from '@client-portal/ui';
import type { I18n } from '../../i18n/I18nProvider.js';
import { formatDateShort } from '../../lib/dates.js';
import { dateLocaleFor } from '../../i18n/dates.js';
import { formatNumber, formatRate } from '../../lib/figures.js';
import { type Acceptance, TOOL_NAMES } from './usageFigures.js';

/** An acceptance rate in words: the share, or why there is none ("Not reported by Windsurf"). */
export function acceptanceText({ t, locale }: I18n, acceptance: Acceptance, tool?: AiTool): string {
  switch (acceptance.kind) {
    case 'rate':
      return formatRate(acceptance.rate, locale) ?? '';
    case 'notReported':
      return tool ? t('aiUsage.notReportedBy', { tool: TOOL_NAMES[tool] }) : t('aiUsage.notReported');
    case 'noneShown':
      return t('aiUsage.noneShown');
  }
}

/** "5 of 12 seats", or the count alone when the seats are not known. */
export function usersText({ t, locale }: I18n, activeUsers: number, seats: number | null): string {
  return seats === null
    ? formatNumber(activeUsers, locale)
    : t('aiUsage.usersOfSeats', {
        users: formatNumber(activeUsers, locale),
        seats: formatNumber(seats, locale),
      });
}

/** A counter the tool may not report: the number, or "Not reported". */
export function reportedText({ t, locale }: I18n, value: number | null): string {
  return value === null ? t('aiUsage.notReported') : formatNumber(value, locale);
}

/** A day as 'Mar 5, 2026' in the locale. */
export const dayText = (locale: string, day: string) => formatDateShort(day, dateLocaleFor(locale));

/** "Mar 1, 2026", or "Feb 27 – Mar 1, 2026" style when scopes differ, or "Not reported". */
export function throughText(i18n: I18n, through: { earliest: string; latest: string } | null): string {
  if (!through) return i18n.t('aiUsage.notReported');
  const earliest = dayText(i18n.locale, through.earliest);
  return through.earliest === through.latest
    ? earliest
    : i18n.t('aiUsage.throughRange', { from: earliest, to: dayText(i18n.locale, through.latest) });
}

/** The kit chart's own words in the portal's language. */
export function chartLabels({ t }: I18n, labelColumn: string): Partial<ChartLabels> {
  return {
    showTable: t('aiUsage.chart.showTable'),
    hideTable: t('aiUsage.chart.hideTable'),
    empty: t('aiUsage.chart.empty'),
    loading: t('state.loading'),
    noData: t('aiUsage.chart.noData'),
    labelColumn,
    error: t('aiUsage.chart.error'),
    retry: t('state.retry'),
    errorDetails: t('state.details'),
  };
}

/** An axis day ("Mar 5") for a `YYYY-MM-DD` label, read as a calendar day (UTC). */
export function axisDay(locale: string): (label: string) => string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (label) => format.format(new Date(`${label}T00:00:00Z`));
}

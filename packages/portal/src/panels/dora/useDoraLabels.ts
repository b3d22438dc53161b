import type { ChartLabels, TableLabels } from '@client-portal/ui';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';

/** The kit's chart strings in the reader's language. */
export function useChartLabels(): Partial<ChartLabels> {
  const { t } = useI18n();
  return useMemo(
    () => ({
      showTable: t('dora.chart.showTable'),
      hideTable: t('dora.chart.hideTable'),
      empty: t('dora.chart.empty'),
      loading: t('state.loading'),
      noData: t('dora.noData'),
      labelColumn: t('dora.chart.labelColumn'),
      error: t('dora.error'),
      retry: t('state.retry'),
    }),
    [t],
  );
}

/** The kit's table strings in the reader's language. */
export function useTableLabels(): Partial<TableLabels> {
  const { t } = useI18n();
  return useMemo(
    () => ({
      showing: ({ start, end, total, format }) =>
        t('dora.table.showing', { start: format(start), end: format(end), total: format(total) }),
      previousPage: t('dora.table.previous'),
      nextPage: t('dora.table.next'),
      page: ({ page }) => t('dora.table.page', { page }),
      pagination: t('dora.table.pagination'),
      noResults: t('dora.drill.empty'),
      loading: t('state.loading'),
      error: t('dora.drill.error'),
      retry: t('state.retry'),
    }),
    [t],
  );
}

import type { ChartLabels } from '@client-portal/ui';
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

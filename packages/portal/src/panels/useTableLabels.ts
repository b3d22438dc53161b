import type { TableLabels } from '@client-portal/ui';
import { useMemo } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';

/**
 * The kit's table strings in the reader's language (its defaults are English): the range summary,
 * the pager, and the loading, empty and error states. A table with words of its own for a state
 * spreads them over these (`{ ...labels, error: … }`).
 */
export function useTableLabels(): Partial<TableLabels> {
  const { t } = useI18n();
  return useMemo(
    () => ({
      showing: ({ start, end, total, format }) =>
        t('table.showing', { start: format(start), end: format(end), total: format(total) }),
      previousPage: t('table.previousPage'),
      nextPage: t('table.nextPage'),
      page: ({ page }) => t('table.page', { page }),
      pagination: t('table.pagination'),
      noResults: t('table.noResults'),
      loading: t('state.loading'),
      error: t('table.error'),
      retry: t('state.retry'),
      errorDetails: t('state.details'),
    }),
    [t],
  );
}

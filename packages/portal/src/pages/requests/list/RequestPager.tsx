import { Button, Icon } from '@client-portal/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import * as styles from '../RequestsPage.css.js';

/** Previous and next page (the host says whether another follows); hidden on a lone first page. */
export function RequestPager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t, locale } = useI18n();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className={styles.pager} aria-label={t('requests.pager.label')}>
      <Button
        variant="outline"
        tone="neutral"
        size="sm"
        disabled={page <= 1}
        iconStart={<Icon icon={ChevronLeft} size="sm" className={styles.directional} />}
        onClick={() => onPage(page - 1)}
      >
        {t('requests.pager.previous')}
      </Button>
      <span className={styles.muted}>
        {t('requests.pager.status', { page: page.toLocaleString(locale) })}
      </span>
      <Button
        variant="outline"
        tone="neutral"
        size="sm"
        disabled={!hasMore}
        iconEnd={<Icon icon={ChevronRight} size="sm" className={styles.directional} />}
        onClick={() => onPage(page + 1)}
      >
        {t('requests.pager.next')}
      </Button>
    </nav>
  );
}

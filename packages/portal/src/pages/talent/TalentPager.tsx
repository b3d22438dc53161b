import { Button, Icon } from '@client-portal/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './TalentPage.css.js';

/** Previous and next page, and where one is; shown only when there is more than one page. */
export function TalentPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t, locale } = useI18n();
  if (pages <= 1) return null;
  const number = (n: number) => n.toLocaleString(locale);
  return (
    <nav className={styles.pager} aria-label={t('page.talent.pager.label')}>
      <Button
        variant="outline"
        tone="neutral"
        size="sm"
        disabled={page <= 1}
        iconStart={<Icon icon={ChevronLeft} size="sm" className={styles.directional} />}
        onClick={() => onPage(page - 1)}
      >
        {t('page.talent.pager.previous')}
      </Button>
      <span className={styles.pagerStatus}>
        {t('page.talent.pager.status', { page: number(page), pages: number(pages) })}
      </span>
      <Button
        variant="outline"
        tone="neutral"
        size="sm"
        disabled={page >= pages}
        iconEnd={<Icon icon={ChevronRight} size="sm" className={styles.directional} />}
        onClick={() => onPage(page + 1)}
      >
        {t('page.talent.pager.next')}
      </Button>
    </nav>
  );
}

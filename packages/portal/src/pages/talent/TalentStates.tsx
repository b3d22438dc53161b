import { Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { useI18n } from '../../i18n/I18nProvider.js';
import { LoadError } from '../LoadError.js';
import * as styles from './TalentPage.css.js';

/** Card-shaped placeholders in the list's own grid, busy, with a status saying what loads. */
export function TalentLoading({ count = 6 }: { count?: number }) {
  const { t } = useI18n();
  return (
    <div aria-busy="true" className={styles.stack}>
      <span role="status" className={visuallyHidden}>
        {t('page.talent.loading')}
      </span>
      <div className={styles.cards}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={styles.skeletonCard}>
            <div className={styles.skeletonPerson}>
              <Skeleton shape="circle" width={64} />
              <Skeleton height={20} width="60%" />
            </div>
            <SkeletonText lines={2} />
            <Skeleton height={14} width="45%" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A failed load with "Try again"; offline gets its own words (the pages' shared LoadError). */
export function TalentLoadError(props: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useI18n();
  return <LoadError {...props} message={t('page.talent.error.body')} />;
}

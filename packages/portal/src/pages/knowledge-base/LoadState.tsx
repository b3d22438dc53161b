import { Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { LoadError as PageLoadError } from '../LoadError.js';
import * as styles from './KnowledgeBasePage.css.js';

/** Placeholders while something loads: busy for assistive technology, with a status to say what. */
export function Busy({ status, children }: { status: string; children: ReactNode }) {
  return (
    <div aria-busy="true" className={styles.stack}>
      <span role="status" className={visuallyHidden}>
        {status}
      </span>
      {children}
    </div>
  );
}

/** Card-shaped placeholders in the list's own grid. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className={styles.cards}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeletonCard}>
          <Skeleton height={20} width="70%" />
          <SkeletonText lines={2} />
          <Skeleton height={14} width="45%" />
        </div>
      ))}
    </div>
  );
}

/** A failed load with "Try again"; offline gets its own words (the pages' shared LoadError). */
export function LoadError(props: { title: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useI18n();
  return <PageLoadError {...props} message={t('page.knowledgeBase.list.error.body')} />;
}

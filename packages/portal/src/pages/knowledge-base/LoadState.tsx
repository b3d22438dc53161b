import { ErrorState, Icon, Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { isOffline } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
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

/** A failed load with "Try again"; offline gets its own words. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useI18n();
  const offline = isOffline(error);
  return (
    <ErrorState
      headingLevel={2}
      title={offline ? t('state.offline.title') : title}
      message={offline ? t('state.offline.body') : t('page.knowledgeBase.list.error.body')}
      {...(offline ? { icon: <Icon icon={WifiOff} size="lg" /> } : {})}
      onRetry={onRetry}
      retrying={retrying}
      labels={{ retry: t('state.retry') }}
    />
  );
}

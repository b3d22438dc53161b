import type { AccountManager } from '@client-portal/api-client';
import { Avatar, Card, EmptyState, ErrorState, Link, SkeletonText } from '@client-portal/ui';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './dashboard.css.js';

/** Who looks after the customer, how to reach them, and the link to book a meeting. */
export function AccountManagerCard({
  manager,
  loading,
  error,
  onRetry,
  retrying,
}: {
  manager: AccountManager | null | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useI18n();
  const title = t('dashboard.manager.title');
  if (loading) {
    return (
      <Card title={title} headingLevel={2} aria-busy="true">
        <SkeletonText lines={3} />
      </Card>
    );
  }
  if (error) {
    return (
      <Card title={title} headingLevel={2}>
        <ErrorState
          size="sm"
          headingLevel={3}
          title={t('dashboard.manager.error')}
          onRetry={onRetry}
          retrying={retrying}
          labels={{ retry: t('state.retry') }}
        />
      </Card>
    );
  }
  if (!manager) {
    return (
      <Card title={title} headingLevel={2}>
        <EmptyState size="sm" headingLevel={3} title={t('dashboard.manager.none')} />
      </Card>
    );
  }
  return (
    <Card title={title} headingLevel={2}>
      <div className={styles.manager}>
        <div className={styles.managerHead}>
          <Avatar name={manager.name} src={manager.photoUrl ?? undefined} size={48} decorative />
          <div>
            <p className={styles.managerName}>{manager.name}</p>
            {manager.title ? <p className={styles.muted}>{manager.title}</p> : null}
          </div>
        </div>
        <dl className={styles.contacts}>
          <dt className={styles.muted}>{t('dashboard.manager.email')}</dt>
          <dd style={{ margin: 0 }}>
            <Link href={`mailto:${manager.email}`}>{manager.email}</Link>
          </dd>
          {manager.phone ? (
            <>
              <dt className={styles.muted}>{t('dashboard.manager.phone')}</dt>
              <dd style={{ margin: 0 }}>
                <Link href={`tel:${manager.phone.replace(/[^+\d]/g, '')}`}>{manager.phone}</Link>
              </dd>
            </>
          ) : null}
        </dl>
        {manager.bookingUrl ? (
          <Link href={manager.bookingUrl} external variant="standalone" newTabLabel={t('frame.newTab')}>
            {t('dashboard.manager.book')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

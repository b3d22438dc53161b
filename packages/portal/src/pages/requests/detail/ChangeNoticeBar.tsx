import { Button, Icon } from '@client-portal/ui';
import { RefreshCw, X } from 'lucide-react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import * as styles from './RequestDetailPage.css.js';
import type { ChangeNotice } from './useChangeFeedback.js';

/** 412: "Someone changed this request meanwhile" with Reload; 409: why the action is not open. */
export function ChangeNoticeBar({
  notice,
  reloading,
  onReload,
  onDismiss,
}: {
  notice: ChangeNotice;
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}) {
  const { t } = useI18n();
  if (!notice) return null;
  return (
    <div className={styles.notice} role="alert">
      {notice.kind === 'stale' ? (
        <>
          <p className={styles.noticeText}>
            <strong>{t('requestPage.stale.title')}</strong> {t('requestPage.stale.body')}
          </p>
          <Button
            size="sm"
            variant="solid"
            iconStart={<Icon icon={RefreshCw} size="sm" />}
            loading={reloading}
            onClick={onReload}
          >
            {t('requestPage.stale.reload')}
          </Button>
        </>
      ) : (
        <>
          <p className={styles.noticeText}>
            <strong>{t('requestPage.conflict.title')}</strong> {t('requestPage.conflict.body')}
          </p>
          <Button
            size="sm"
            variant="ghost"
            tone="neutral"
            iconStart={<Icon icon={X} size="sm" />}
            onClick={onDismiss}
          >
            {t('requestPage.conflict.dismiss')}
          </Button>
        </>
      )}
    </div>
  );
}

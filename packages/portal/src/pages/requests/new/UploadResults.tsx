import type { RequestDetail } from '@client-portal/api-client/requests';
import { Badge, Button, Spinner } from '@client-portal/ui';
import { useLocation } from 'wouter';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { requestHref } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import type { UploadState } from './useFileRequest.js';

/**
 * After the request was created: each file's upload as it goes. When one failed, the request is
 * still there, and this says so, with the way to it.
 */
export function UploadResults({
  request,
  uploads,
}: {
  request: RequestDetail;
  uploads: readonly UploadState[];
}) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const busy = uploads.some((u) => u.status === 'waiting' || u.status === 'uploading');
  const failed = !busy && uploads.some((u) => u.status === 'failed');
  return (
    <section className={styles.stack} aria-busy={busy} aria-labelledby="requests-uploads">
      <h2 id="requests-uploads" className={styles.legend}>
        {t('requests.form.uploads')}
      </h2>
      {failed ? (
        <p role="alert" className={styles.error}>
          {t('requests.form.uploadFailed', { key: request.key })}
        </p>
      ) : (
        <p role="status" className={styles.muted}>
          {t('requests.form.created', { key: request.key })}
        </p>
      )}
      <ul className={styles.fileList}>
        {uploads.map((upload, i) => (
          <li key={`${upload.name}-${i}`} className={styles.fileRow}>
            <bdi>{upload.name}</bdi>
            {upload.status === 'done' ? (
              <Badge tone="success">{t('requests.form.upload.done')}</Badge>
            ) : upload.status === 'failed' ? (
              <Badge tone="danger">{t('requests.form.upload.failed', { reason: upload.reason ?? '' })}</Badge>
            ) : (
              <span className={styles.muted}>
                <Spinner size="sm" /> {t('requests.form.upload.uploading')}
              </span>
            )}
          </li>
        ))}
      </ul>
      {failed ? (
        <div>
          <Button onClick={() => navigate(requestHref(request.key))}>{request.key}</Button>
        </div>
      ) : null}
    </section>
  );
}

import type { RequestAttachment } from '@client-portal/api-client/requests';
import { Badge, Button, Icon, Spinner } from '@client-portal/ui';
import { Download, Eye, FileUp, FolderInput, ShieldBan } from 'lucide-react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { formatFileSize } from '../../account/fileSize.js';
import type { AttachmentFiles } from './useAttachmentFiles.js';
import { hasPreview, isServed } from './useAttachmentFiles.js';
import * as styles from './RequestDetailPage.css.js';

/**
 * One file: name, size, version, its virus-scan state ("Scanning…", "Removed: failed the virus
 * scan"), and for a served file its download and preview; in the files panel also "Upload a newer
 * version" and, for a document request, "Save to documents".
 */
export function AttachmentItem({
  attachment,
  files,
  onNewerVersion,
  onSave,
  saving,
}: {
  attachment: RequestAttachment;
  files: AttachmentFiles;
  onNewerVersion?: (() => void) | undefined;
  onSave?: (() => void) | undefined;
  saving?: boolean | undefined;
}) {
  const { t, locale } = useI18n();
  const served = isServed(attachment);
  const busy = files.pending.has(attachment.id);
  const name = attachment.fileName;
  return (
    <div className={styles.file}>
      <span className={styles.fileName} dir="auto">
        {name}
      </span>
      <span className={styles.fileMeta}>
        {formatFileSize(attachment.sizeBytes, locale)}
        {attachment.version > 1 ? ` · ${t('requestPage.file.version', { version: attachment.version })}` : ''}
      </span>
      {attachment.scan === 'pending' ? (
        <span className={styles.row}>
          <Spinner size="sm" />
          <span>{t('requestPage.file.scanning')}</span>
        </span>
      ) : attachment.scan === 'infected' ? (
        <Badge tone="danger" icon={<Icon icon={ShieldBan} size="sm" />}>
          {t('requestPage.file.infected')}
        </Badge>
      ) : attachment.scan === 'failed' ? (
        <Badge tone="warning" icon={<Icon icon={ShieldBan} size="sm" />}>
          {t('requestPage.file.scanFailed')}
        </Badge>
      ) : null}
      {attachment.savedToDocuments ? <Badge tone="success">{t('requestPage.file.saved')}</Badge> : null}
      <span className={styles.actions}>
        {served ? (
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            iconStart={<Icon icon={Download} size="sm" />}
            loading={busy}
            aria-label={t('requestPage.file.downloadName', { name })}
            onClick={() => void files.download(attachment)}
          >
            {t('requestPage.file.download')}
          </Button>
        ) : null}
        {served && hasPreview(attachment) ? (
          <Button
            size="sm"
            variant="ghost"
            tone="neutral"
            iconStart={<Icon icon={Eye} size="sm" />}
            disabled={busy}
            aria-label={t('requestPage.file.previewName', { name })}
            onClick={() => void files.showPreview(attachment)}
          >
            {t('requestPage.file.preview')}
          </Button>
        ) : null}
        {onNewerVersion ? (
          <Button
            size="sm"
            variant="ghost"
            tone="neutral"
            iconStart={<Icon icon={FileUp} size="sm" />}
            aria-label={t('requestPage.file.newerName', { name })}
            onClick={onNewerVersion}
          >
            {t('requestPage.file.newer')}
          </Button>
        ) : null}
        {onSave && served && !attachment.savedToDocuments ? (
          <Button
            size="sm"
            variant="ghost"
            tone="accent"
            iconStart={<Icon icon={FolderInput} size="sm" />}
            loading={saving}
            aria-label={t('requestPage.file.saveName', { name })}
            onClick={onSave}
          >
            {t('requestPage.file.save')}
          </Button>
        ) : null}
      </span>
    </div>
  );
}

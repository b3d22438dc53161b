import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { Button, Card, Icon, Progress } from '@client-portal/ui';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { formatFileSize } from '../../account/fileSize.js';
import { AttachmentItem } from './AttachmentItem.js';
import { type AttachmentRefusal, acceptAttribute, checkAttachments, usedBytesOf } from './attachmentCheck.js';
import { changeFailure, type ChangeFailure } from './changeOutcome.js';
import type { AttachmentFiles } from './useAttachmentFiles.js';
import { useSaveAttachment, useUploadAttachment } from './useRequestDetail.js';
import * as styles from './RequestDetailPage.css.js';

interface Sent {
  id: number;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'done' | 'refused';
  /** Why it was not kept: the browser's check, or the host's answer. */
  why?: AttachmentRefusal | ChangeFailure | undefined;
}

let nextId = 0;

/**
 * The request's files with "Upload a newer version" and (document requests, the company admin and
 * staff) "Save to documents", and the upload: a drop zone and a file input, each file checked in
 * the browser against the host's limits first, then sent one after another with the progress of
 * the whole batch; a file the host refuses (413, 415) says why beside its name.
 */
export function AttachmentsPanel({
  request,
  meta,
  files,
  onFailure,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  files: AttachmentFiles;
  onFailure: (error: unknown, where: string) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState<Sent[]>([]);
  const upload = useUploadAttachment(request.key);
  const save = useSaveAttachment(request.key);
  const limits = meta?.attachmentLimits;
  const canSave =
    request.type === 'document_request' && (meta?.companyAdmin === true || meta?.staff === true);
  const busy = sent.some((s) => s.state === 'uploading' || s.state === 'waiting');

  const why = (reason: Sent['why']) => {
    if (!reason) return '';
    if (typeof reason === 'object') {
      if (reason.reason === 'type') return t('requestPage.upload.badType');
      const limit = formatFileSize(reason.limitBytes, locale);
      return reason.reason === 'tooLarge'
        ? t('requestPage.upload.tooLarge', { limit })
        : t('requestPage.upload.requestFull', { limit });
    }
    if (reason === 'tooLarge') return t('requestPage.upload.hostTooLarge');
    if (reason === 'badType') return t('requestPage.upload.badType');
    return t('requestPage.upload.failed');
  };

  const send = async (chosen: File[], replaces: string | null) => {
    if (chosen.length === 0 || !limits) return;
    const replaced = replaces ? request.attachments.find((a) => a.id === replaces) : undefined;
    const used = usedBytesOf(request.attachments) - (replaced?.sizeBytes ?? 0);
    const checks = checkAttachments(chosen, limits, used);
    const batch: Sent[] = chosen.map((file, i) => ({
      id: nextId++,
      name: file.name,
      size: file.size,
      state: checks[i] ? 'refused' : 'waiting',
      why: checks[i] ?? undefined,
    }));
    setSent(batch);
    const update = (entryId: number, change: Partial<Sent>) =>
      setSent((all) => all.map((s) => (s.id === entryId ? { ...s, ...change } : s)));
    for (const [i, file] of chosen.entries()) {
      const entry = batch[i];
      if (!entry || entry.state === 'refused') continue;
      update(entry.id, { state: 'uploading' });
      try {
        await upload.mutateAsync({ file, replaces: replaces ?? undefined });
        update(entry.id, { state: 'done' });
      } catch (error) {
        const failure = changeFailure(error);
        update(entry.id, { state: 'refused', why: failure });
        if (failure !== 'tooLarge' && failure !== 'badType') onFailure(error, 'attachment');
      }
    }
  };

  const choose = (replaces: string | null) => {
    setReplacing(replaces);
    if (input.current) {
      input.current.multiple = replaces === null;
      input.current.click();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void send([...event.dataTransfer.files], null);
  };

  const total = sent
    .filter((s) => s.state !== 'refused' || typeof s.why === 'string')
    .reduce((n, s) => n + s.size, 0);
  const done = sent.filter((s) => s.state === 'done').reduce((n, s) => n + s.size, 0);

  return (
    <Card title={t('requestPage.files.title')} headingLevel={2}>
      <div className={styles.composer}>
        {request.attachments.length === 0 ? (
          <p className={styles.hint}>{t('requestPage.files.none')}</p>
        ) : null}
        {request.attachments.length > 0 ? (
          <ul className={styles.list} aria-label={t('requestPage.files.title')}>
            {request.attachments.map((attachment) => (
              <li key={attachment.id}>
                <AttachmentItem
                  attachment={attachment}
                  files={files}
                  onNewerVersion={request.can.attach && !busy ? () => choose(attachment.id) : undefined}
                  onSave={
                    canSave
                      ? () =>
                          save.mutate(attachment.id, {
                            onError: (error) => onFailure(error, 'save-attachment'),
                          })
                      : undefined
                  }
                  saving={save.isPending && save.variables === attachment.id}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {request.can.attach ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for pointer users; the "Choose files" button inside is the way for everyone else
          <div
            className={styles.dropZone}
            data-dragging={dragging}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span>{t('requestPage.upload.drop')}</span>
            <Button
              size="sm"
              variant="outline"
              iconStart={<Icon icon={Upload} size="sm" />}
              disabled={busy || !limits}
              aria-describedby={`${id}-limits`}
              onClick={() => choose(null)}
            >
              {t('requestPage.upload.choose')}
            </Button>
            <input
              ref={input}
              id={`${id}-input`}
              type="file"
              hidden
              data-testid="request-file-input"
              aria-label={t('requestPage.upload.choose')}
              accept={limits ? acceptAttribute(limits) : undefined}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                void send(chosen, replacing);
                setReplacing(null);
              }}
            />
            {limits ? (
              <p id={`${id}-limits`} className={styles.hint}>
                {t('requestPage.upload.limits', {
                  file: formatFileSize(limits.fileBytes, locale),
                  request: formatFileSize(limits.requestBytes, locale),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        {sent.length > 0 ? (
          <div className={styles.composer} aria-live="polite">
            {busy && total > 0 ? (
              <Progress
                value={Math.round((done / total) * 100)}
                label={t('requestPage.upload.progress')}
                size="sm"
              />
            ) : null}
            <ul className={styles.list} aria-label={t('requestPage.upload.sent')}>
              {sent.map((s) => (
                <li key={s.id} className={styles.fileMeta}>
                  <span className={styles.fileName} dir="auto">
                    {s.name}
                  </span>{' '}
                  {s.state === 'refused' ? (
                    <span className={styles.error}>{why(s.why)}</span>
                  ) : (
                    t(`requestPage.upload.state.${s.state}`)
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

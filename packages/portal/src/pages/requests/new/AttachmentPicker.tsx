import type { RequestMeta } from '@client-portal/api-client/requests';
import { Button, Icon, IconButton } from '@client-portal/ui';
import { Files, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { formatFileSize } from '../../account/fileSize.js';
import { acceptAttribute, checkAttachments } from '../detail/attachmentCheck.js';
import * as styles from '../RequestsPage.css.js';

/**
 * Files to send with the request: chosen or dropped, each checked against the host's limits before
 * anything is uploaded (a too-large or refused file is named and left out). They are uploaded once
 * the request exists.
 */
export function AttachmentPicker({
  files,
  onChange,
  limits,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  limits: RequestMeta['attachmentLimits'];
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const size = (bytes: number) => formatFileSize(bytes, locale);

  const add = (picked: readonly File[]) => {
    if (picked.length === 0) return;
    const all = [...files, ...picked];
    const checks = checkAttachments(all, limits, 0);
    const notes: string[] = [];
    const kept: File[] = [];
    all.forEach((file, i) => {
      const refusal = checks[i];
      if (!refusal) kept.push(file);
      else if (refusal.reason === 'tooLarge')
        notes.push(t('requests.form.tooLarge', { name: file.name, size: size(refusal.limitBytes) }));
      else if (refusal.reason === 'requestFull')
        notes.push(t('requests.form.tooMuch', { name: file.name, size: size(refusal.limitBytes) }));
      else notes.push(t('requests.form.wrongType', { name: file.name }));
    });
    setRefusals(notes);
    onChange(kept);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('requests.form.attachments')}</legend>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('requests.form.attachmentsHint', {
          size: size(limits.fileBytes),
          total: size(limits.requestBytes),
        })}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the button inside is the way for everyone. */}
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
        <Icon icon={Files} size="md" />
        <span>
          {t('requests.form.drop')}{' '}
          <Button
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-hint`}
          >
            {t('requests.form.chooseFiles')}
          </Button>
        </span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptAttribute(limits)}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {refusals.length > 0 ? (
        <div role="alert">
          <ul className={styles.fileList}>
            {refusals.map((note) => (
              <li key={note} className={styles.error}>
                {note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className={styles.fileList}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className={styles.fileRow}>
              <span>
                <bdi>{file.name}</bdi> <span className={styles.muted}>({size(file.size)})</span>
              </span>
              <IconButton
                variant="ghost"
                tone="neutral"
                size="sm"
                label={t('requests.form.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <Icon icon={X} size="sm" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

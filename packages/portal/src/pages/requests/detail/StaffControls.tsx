import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { REQUEST_DUE_SOURCES, REQUEST_PRIORITIES } from '@client-portal/api-client/requests';
import { Button, Card, Select } from '@client-portal/ui';
import { type FormEvent, useId, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import {
  changedFields,
  type DueSource,
  type Priority,
  UNASSIGNED,
  type Values,
  valuesOf,
} from './triageForm.js';
import { useRequestUpdate } from './useRequestDetail.js';
import * as styles from './RequestDetailPage.css.js';

/**
 * Staff who act for the company triage: assignee, priority, due date and where it came from, next
 * check-in. Saved together with the request's version; only what changed is sent.
 */
export function StaffControls({
  request,
  meta,
  onFailure,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  onFailure: (error: unknown, where: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const update = useRequestUpdate(request.key);
  const initial = valuesOf(request);
  // The form follows the request until staff edit it; a new version of the request starts over.
  const [edit, setEdit] = useState<{ version: number; values: Values } | null>(null);
  const values = edit && edit.version === request.version ? edit.values : initial;
  const set = (change: Partial<Values>) =>
    setEdit({ version: request.version, values: { ...values, ...change } });
  const body = changedFields(initial, values);
  const dirty = Object.keys(body).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    update.mutate(
      { version: request.version, body },
      { onSuccess: () => setEdit(null), onError: (error) => onFailure(error, 'update') },
    );
  };

  return (
    <Card title={t('requestPage.staff.title')} headingLevel={2}>
      <form className={styles.composer} onSubmit={submit}>
        <Select
          label={t('requestPage.staff.assignee')}
          size="sm"
          items={[
            { value: UNASSIGNED, label: t('requestPage.unassigned') },
            ...(meta?.assignees ?? []).map((p) => ({ value: p.id, label: p.name })),
            ...(request.assignee && !meta?.assignees.some((p) => p.id === request.assignee?.id)
              ? [{ value: request.assignee.id, label: request.assignee.name }]
              : []),
          ]}
          value={values.assigneeId}
          onValueChange={(value) => value && set({ assigneeId: value })}
        />
        <Select
          label={t('requestPage.fact.priority')}
          size="sm"
          items={REQUEST_PRIORITIES.map((p) => ({ value: p, label: t(`requestPage.priority.${p}`) }))}
          value={values.priority}
          onValueChange={(value) => value && set({ priority: value as Priority })}
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-due`}>
            {t('requestPage.staff.due')}
          </label>
          <input
            id={`${id}-due`}
            type="date"
            className={styles.input}
            value={values.dueAt}
            onChange={(event) => set({ dueAt: event.target.value })}
          />
        </div>
        <Select
          label={t('requestPage.staff.dueSource')}
          size="sm"
          disabled={values.dueAt === ''}
          items={REQUEST_DUE_SOURCES.map((s) => ({ value: s, label: t(`requestPage.dueSource.${s}`) }))}
          value={values.dueSource}
          onValueChange={(value) => value && set({ dueSource: value as DueSource })}
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-check-in`}>
            {t('requestPage.staff.checkIn')}
          </label>
          <input
            id={`${id}-check-in`}
            type="date"
            className={styles.input}
            value={values.nextCheckIn}
            onChange={(event) => set({ nextCheckIn: event.target.value })}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" size="sm" disabled={!dirty} loading={update.isPending}>
            {t('requestPage.staff.save')}
          </Button>
          {dirty ? (
            <Button type="button" size="sm" variant="ghost" tone="neutral" onClick={() => setEdit(null)}>
              {t('requestPage.staff.reset')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

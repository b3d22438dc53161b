import { isRequestError } from '@client-portal/api-client';
import { REQUEST_TITLE_MAX, type RequestMeta } from '@client-portal/api-client/requests';
import { Button } from '@client-portal/ui';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../../data/PortalData.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { usePortal } from '../../../PortalContext.js';
import { type NewRequestPrefill, REQUESTS_PATH, requestHref } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import { useRequestsToaster } from '../useRequestsApi.js';
import { AttachmentPicker } from './AttachmentPicker.js';
import { FieldMessage, fieldIds, RequiredMark } from './FormParts.js';
import { HelpSuggestions } from './HelpSuggestions.js';
import {
  bodyOf,
  type FormErrors,
  fileableTypes,
  firstInvalid,
  initialValues,
  type RequestFormValues,
  serverErrors,
  validate,
} from './requestForm.js';
import { TypeFields } from './TypeFields.js';
import { UploadResults } from './UploadResults.js';
import { useFileRequest } from './useFileRequest.js';
import { typeName } from '../typeWords.js';

/**
 * The new-request form: a type, a title (with knowledge-base articles that may already answer it),
 * a description, the type's fields, what it concerns, who sees it, colleagues and files. Errors
 * show at their fields (the host's 400 too) and the first invalid field gets focus.
 */
export function NewRequestForm({ meta, prefill }: { meta: RequestMeta; prefill: NewRequestPrefill }) {
  const { t } = useI18n();
  const formId = useId();
  const [, navigate] = useLocation();
  const toaster = useRequestsToaster();
  const { onError } = usePortal();
  const session = useSession();
  const types = useMemo(() => fileableTypes(meta), [meta]);
  const [values, setValues] = useState<RequestFormValues>(() => initialValues(meta, prefill));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const { file, created, uploads, creating } = useFileRequest();
  const type = types.find((candidate) => candidate.id === values.type);
  const colleagues = meta.colleagues.filter((person) => person.id !== session.data?.sub);
  const ids = (path: string) => fieldIds(formId, path);

  const set = <K extends keyof RequestFormValues>(name: K, value: RequestFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    const path = name === 'fields' ? null : name;
    if (path && errors[path]) setErrors(({ [path]: _, ...rest }) => rest);
  };
  const setField = (name: string, value: string) => {
    setValues((current) => ({ ...current, fields: { ...current.fields, [name]: value } }));
    const path = `fields.${name}`;
    if (errors[path]) setErrors(({ [path]: _, ...rest }) => rest);
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    const first = firstInvalid(found, type);
    const target = first
      ? document.getElementById(
          first === 'type' ? `${formId}-type-${values.type || types[0]?.id}` : ids(first).control,
        )
      : null;
    // Once the messages are rendered, so the field's description is read with it.
    requestAnimationFrame(() =>
      (target ?? form.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating || created) return;
    const names = {
      type: t('requests.form.type'),
      title: t('requests.form.titleField'),
      subscription: t('requests.form.subscription'),
      project: t('requests.form.project'),
    };
    const found = validate(values, type, names);
    if (!type || Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    try {
      const { detail, failed } = await file(bodyOf(values, type), files, values.colleagues);
      if (failed === 0) {
        toaster.success({ title: t('requests.form.created', { key: detail.key }) });
        navigate(requestHref(detail.key));
      }
    } catch (error) {
      if (isRequestError(error) && error.status === 400 && error.fieldErrors.length > 0) {
        showErrors(serverErrors(error.fieldErrors, type));
      } else {
        onError?.(error, 'mutation:create-request');
        showErrors({ form: { key: 'requests.form.error.failed' } });
      }
    }
  };

  if (created) return <UploadResults request={created} uploads={uploads} />;

  const invalid = Object.keys(errors).length > 0;
  const titleIds = ids('title');
  const describe = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;
  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} aria-busy={creating}>
      {invalid ? (
        <div role="alert" tabIndex={-1} className={styles.error}>
          <p className={styles.error}>{t('requests.form.invalid')}</p>
          <FieldMessage id={`${formId}-form-error`} error={errors.form} />
        </div>
      ) : null}

      <fieldset className={styles.choices} aria-describedby={errors.type ? ids('type').error : undefined}>
        <legend className={styles.legend}>{t('requests.form.type')}</legend>
        <div className={styles.typeCards}>
          {types.map((candidate) => (
            <label key={candidate.id} className={styles.typeCard} htmlFor={`${formId}-type-${candidate.id}`}>
              <input
                id={`${formId}-type-${candidate.id}`}
                type="radio"
                name="type"
                value={candidate.id}
                checked={values.type === candidate.id}
                onChange={() => set('type', candidate.id)}
              />
              <span className={styles.cellStack}>
                <span>{typeName(t, candidate.id, candidate.label)}</span>
                {candidate.needsApproval ? (
                  <span className={styles.muted}>{t('requests.form.type.approval')}</span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id={ids('type').error} error={errors.type} />
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={titleIds.control} className={styles.label}>
          {t('requests.form.titleField')}
          <RequiredMark />
        </label>
        <input
          id={titleIds.control}
          name="title"
          className={styles.input}
          value={values.title}
          maxLength={REQUEST_TITLE_MAX}
          required
          autoComplete="off"
          dir="auto"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe(titleIds.help, errors.title && titleIds.error)}
          onChange={(event) => set('title', event.target.value)}
        />
        <p id={titleIds.help} className={styles.muted}>
          {t('requests.form.titleCount', { count: values.title.length, max: REQUEST_TITLE_MAX })}
        </p>
        <FieldMessage id={titleIds.error} error={errors.title} />
      </div>
      <HelpSuggestions title={values.title} />

      <div className={styles.field}>
        <label htmlFor={ids('description').control} className={styles.label}>
          {t('requests.form.description')}
        </label>
        <textarea
          id={ids('description').control}
          name="description"
          className={styles.textarea}
          value={values.description}
          dir="auto"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describe(ids('description').help, errors.description && ids('description').error)}
          onChange={(event) => set('description', event.target.value)}
        />
        <p id={ids('description').help} className={styles.muted}>
          {t('requests.form.descriptionHint')}
        </p>
        <FieldMessage id={ids('description').error} error={errors.description} />
      </div>

      {type ? (
        <TypeFields type={type} values={values.fields} errors={errors} formId={formId} onChange={setField} />
      ) : null}

      {meta.subscriptions.length > 0 || type?.requiresSubscription ? (
        <div className={styles.field}>
          <label htmlFor={ids('subscriptionId').control} className={styles.label}>
            {t('requests.form.subscription')}
            {type?.requiresSubscription ? <RequiredMark /> : null}
          </label>
          <select
            id={ids('subscriptionId').control}
            name="subscriptionId"
            className={styles.input}
            value={values.subscriptionId}
            required={type?.requiresSubscription}
            aria-invalid={errors.subscriptionId ? true : undefined}
            aria-describedby={errors.subscriptionId ? ids('subscriptionId').error : undefined}
            onChange={(event) => set('subscriptionId', event.target.value)}
          >
            <option value="">{t('requests.form.subscriptionNone')}</option>
            {meta.subscriptions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldMessage id={ids('subscriptionId').error} error={errors.subscriptionId} />
        </div>
      ) : null}

      {meta.projects.length > 0 || type?.requiresProject ? (
        <div className={styles.field}>
          <label htmlFor={ids('projectId').control} className={styles.label}>
            {t('requests.form.project')}
            {type?.requiresProject ? <RequiredMark /> : null}
          </label>
          <select
            id={ids('projectId').control}
            name="projectId"
            className={styles.input}
            value={values.projectId}
            required={type?.requiresProject}
            aria-invalid={errors.projectId ? true : undefined}
            aria-describedby={errors.projectId ? ids('projectId').error : undefined}
            onChange={(event) => set('projectId', event.target.value)}
          >
            <option value="">
              {type?.requiresProject ? t('requests.form.choose') : t('requests.form.projectNone')}
            </option>
            {meta.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldMessage id={ids('projectId').error} error={errors.projectId} />
        </div>
      ) : null}

      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('requests.form.visibility')}</legend>
        {(['participants', 'company'] as const).map((visibility) => (
          <label key={visibility} className={styles.choice} htmlFor={`${formId}-visibility-${visibility}`}>
            <input
              id={`${formId}-visibility-${visibility}`}
              type="radio"
              name="visibility"
              value={visibility}
              checked={values.visibility === visibility}
              onChange={() => set('visibility', visibility)}
            />
            {t(
              visibility === 'company'
                ? 'requests.form.visibility.company'
                : 'requests.form.visibility.participants',
            )}
          </label>
        ))}
      </fieldset>

      {colleagues.length > 0 ? (
        <fieldset className={styles.choices} aria-describedby={`${formId}-colleagues-hint`}>
          <legend className={styles.legend}>{t('requests.form.colleagues')}</legend>
          <p id={`${formId}-colleagues-hint`} className={styles.muted}>
            {t('requests.form.colleaguesHint')}
          </p>
          {colleagues.map((person) => (
            <label key={person.id} className={styles.choice} htmlFor={`${formId}-colleague-${person.id}`}>
              <input
                id={`${formId}-colleague-${person.id}`}
                type="checkbox"
                name="colleagues"
                value={person.id}
                checked={values.colleagues.includes(person.id)}
                onChange={(event) =>
                  set(
                    'colleagues',
                    event.target.checked
                      ? [...values.colleagues, person.id]
                      : values.colleagues.filter((id) => id !== person.id),
                  )
                }
              />
              <bdi>{person.name}</bdi>
            </label>
          ))}
        </fieldset>
      ) : null}

      <AttachmentPicker files={files} onChange={setFiles} limits={meta.attachmentLimits} />

      <div className={styles.actions}>
        <Button type="submit" loading={creating}>
          {creating ? t('requests.form.submitting') : t('requests.form.submit')}
        </Button>
        <Button variant="ghost" tone="neutral" onClick={() => navigate(REQUESTS_PATH)}>
          {t('requests.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

import {
  type CreateRequestBody,
  REQUEST_TITLE_MAX,
  type RequestMeta,
  type RequestType,
} from '@client-portal/api-client/requests';
import type { MessageKey } from '../../../i18n/messages.en.js';
import type { NewRequestPrefill } from '../requestsAddress.js';

// The new-request form's rules, apart from its looks: what it starts from, what it checks before
// sending (the host checks again), what it sends, and where the host's 400 errors belong.

type Visibility = RequestMeta['defaultVisibility'];

export interface RequestFormValues {
  type: string;
  title: string;
  description: string;
  /** The type's own fields, as typed (numbers too: converted when sent). */
  fields: Record<string, string>;
  subscriptionId: string;
  projectId: string;
  visibility: Visibility;
  colleagues: string[];
}

/** An error to show at a field: a message key and its values, or the host's own words. */
export type FieldError = { key: MessageKey; values?: Record<string, string | number> } | { text: string };
export type FormErrors = Record<string, FieldError>;

/** The types a person can file (not the ones the portal opens by itself). */
export const fileableTypes = (meta: RequestMeta): RequestType[] =>
  meta.types.filter((type) => !type.hostOnly);

export function initialValues(meta: RequestMeta, prefill: NewRequestPrefill): RequestFormValues {
  const types = fileableTypes(meta);
  const type = types.find((t) => t.id === prefill.type) ?? types[0];
  const known = (id: string | undefined, list: readonly { id: string }[]) =>
    id && list.some((item) => item.id === id) ? id : '';
  return {
    type: type?.id ?? '',
    title: '',
    description: '',
    fields: {},
    subscriptionId: known(prefill.subscriptionId, meta.subscriptions),
    projectId: known(prefill.projectId, meta.projects),
    visibility: meta.defaultVisibility,
    colleagues: [],
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The names of the form's own controls in the reader's language, for the error messages. */
export interface ControlNames {
  type: string;
  title: string;
  subscription: string;
  project: string;
}

/** The form's own checks, by field path ('title', 'fields.hours_delta'…). */
export function validate(
  values: RequestFormValues,
  type: RequestType | undefined,
  names: ControlNames,
): FormErrors {
  const errors: FormErrors = {};
  if (!type) {
    errors.type = { key: 'requests.form.error.required', values: { field: names.type } };
    return errors;
  }
  const title = values.title.trim();
  if (!title) errors.title = { key: 'requests.form.error.required', values: { field: names.title } };
  else if (title.length > REQUEST_TITLE_MAX)
    errors.title = { key: 'requests.form.error.max', values: { field: names.title, max: REQUEST_TITLE_MAX } };
  for (const field of type.fields) {
    const path = `fields.${field.name}`;
    const raw = (values.fields[field.name] ?? '').trim();
    const label = field.label;
    if (!raw) {
      if (field.required) errors[path] = { key: 'requests.form.error.required', values: { field: label } };
      continue;
    }
    if (field.kind === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n)) errors[path] = { key: 'requests.form.error.number', values: { field: label } };
      else if (field.integer && !Number.isInteger(n))
        errors[path] = { key: 'requests.form.error.integer', values: { field: label } };
      else if (field.min !== undefined && n < field.min)
        errors[path] = { key: 'requests.form.error.min', values: { field: label, min: field.min } };
      else if (field.max !== undefined && n > field.max)
        errors[path] = { key: 'requests.form.error.max', values: { field: label, max: field.max } };
    } else if (field.kind === 'date' && !DATE.test(raw)) {
      errors[path] = { key: 'requests.form.error.required', values: { field: label } };
    } else if (field.kind === 'select' && field.options && !field.options.includes(raw)) {
      errors[path] = { key: 'requests.form.error.required', values: { field: label } };
    } else if (field.kind === 'text' && field.maxLength !== undefined && raw.length > field.maxLength) {
      errors[path] = { key: 'requests.form.error.max', values: { field: label, max: field.maxLength } };
    }
  }
  if (type.requiresSubscription && !values.subscriptionId)
    errors.subscriptionId = { key: 'requests.form.error.required', values: { field: names.subscription } };
  if (type.requiresProject && !values.projectId)
    errors.projectId = { key: 'requests.form.error.required', values: { field: names.project } };
  return errors;
}

/** What is sent: trimmed, numbers as numbers, nothing empty. */
export function bodyOf(values: RequestFormValues, type: RequestType): CreateRequestBody {
  const fields: Record<string, string | number> = {};
  for (const field of type.fields) {
    const raw = (values.fields[field.name] ?? '').trim();
    if (raw) fields[field.name] = field.kind === 'number' ? Number(raw) : raw;
  }
  const description = values.description.trim();
  return {
    type: type.id,
    title: values.title.trim(),
    ...(description ? { description } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
    ...(values.subscriptionId ? { subscriptionId: values.subscriptionId } : {}),
    ...(values.projectId ? { projectId: values.projectId } : {}),
    visibility: values.visibility,
  };
}

/**
 * The host's 400 `errors` by the form's field paths: `fields.role` (or `body.fields.role`,
 * `fields/role`) goes to that field; what matches no field goes to `form`.
 */
export function serverErrors(
  errors: ReadonlyArray<{ path: string; message: string }>,
  type: RequestType | undefined,
): FormErrors {
  const known = new Set<string>([
    'type',
    'title',
    'description',
    'subscriptionId',
    'projectId',
    ...(type?.fields ?? []).map((f) => `fields.${f.name}`),
  ]);
  const out: FormErrors = {};
  for (const error of errors) {
    const path = error.path
      .replace(/^\/+/, '')
      .replaceAll('/', '.')
      .replace(/^body\./, '');
    const at = known.has(path) ? path : 'form';
    if (!out[at]) out[at] = { text: error.message };
  }
  return out;
}

/** The first field with an error, in the order of the form. */
export function firstInvalid(errors: FormErrors, type: RequestType | undefined): string | undefined {
  const order = [
    'type',
    'title',
    'description',
    ...(type?.fields ?? []).map((f) => `fields.${f.name}`),
    'subscriptionId',
    'projectId',
  ];
  return order.find((path) => errors[path]);
}

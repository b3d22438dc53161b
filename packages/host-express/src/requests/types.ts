import { cleanText } from './text.js';

// Request types are configuration, not code: a default table below, which a deployment may replace
// with its own (validated by `validateRequestTypes`). A type's own fields are described by data and
// checked by one function, `validateFields`, so a new type needs no new code.

export type FieldKind = 'text' | 'number' | 'date' | 'select';

export interface FieldSpec {
  /** The key in `requests.fields`: lower-case letters, digits and "_". */
  name: string;
  /** As shown on the form. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** number: inclusive bounds. */
  min?: number;
  max?: number;
  /** number: whole numbers only. */
  integer?: boolean;
  /** text: at most this many characters (default 2,000). */
  maxLength?: number;
  /** select: the allowed values. */
  options?: string[];
}

export interface RequestTypeSpec {
  /** Stored in `requests.type`: lower-case letters, digits and "_". */
  id: string;
  label: string;
  /** A staff member asks for the company admin's approval before the work is done. */
  needsApproval: boolean;
  /** Must name one of the company's projects (e.g. a talent request). */
  requiresProject: boolean;
  /** Must name one of the company's subscriptions (e.g. a renewal check-in). */
  requiresSubscription: boolean;
  /** Opened by the host only (the schedule), never by a person. */
  hostOnly: boolean;
  fields: FieldSpec[];
}

export const DEFAULT_TEXT_FIELD_MAX = 2_000;
/** Calendar days as the contract bounds them. */
const MIN_DAY = '2000-01-01';
const MAX_DAY = '2099-12-31';
const NAME = /^[a-z][a-z0-9_]{0,39}$/;

export const DEFAULT_REQUEST_TYPES: readonly RequestTypeSpec[] = [
  {
    id: 'question',
    label: 'Question',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: false,
    fields: [],
  },
  {
    id: 'change_of_scope',
    label: 'Change of scope or hours',
    needsApproval: true,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: false,
    fields: [
      // Negative: fewer hours. Shown against the subscription's hours left.
      {
        name: 'hours_delta',
        label: 'Hours to add',
        kind: 'number',
        required: true,
        min: -10_000,
        max: 10_000,
      },
      { name: 'effective_from', label: 'From', kind: 'date', required: false },
    ],
  },
  {
    id: 'talent_request',
    label: 'Talent request or replacement',
    needsApproval: false,
    requiresProject: true,
    requiresSubscription: false,
    hostOnly: false,
    fields: [
      {
        name: 'kind',
        label: 'New or replacement',
        kind: 'select',
        required: true,
        options: ['new', 'replacement'],
      },
      { name: 'role', label: 'Role', kind: 'text', required: true, maxLength: 200 },
      { name: 'start_date', label: 'Start date', kind: 'date', required: false },
    ],
  },
  {
    id: 'document_request',
    label: 'Document request',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: false,
    fields: [
      {
        name: 'document',
        label: 'Document',
        kind: 'select',
        required: true,
        options: ['contract', 'invoice_copy', 'compliance_form', 'other'],
      },
      { name: 'period', label: 'Period', kind: 'text', required: false, maxLength: 200 },
    ],
  },
  {
    id: 'escalation',
    label: 'Escalation',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: false,
    fields: [
      {
        name: 'impact',
        label: 'Impact',
        kind: 'select',
        required: false,
        options: ['low', 'medium', 'high'],
      },
    ],
  },
  {
    id: 'renewal_check_in',
    label: 'Renewal check-in',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: true,
    hostOnly: true,
    fields: [
      { name: 'hours_used', label: 'Hours used', kind: 'number', required: false, min: 0, max: 1_000_000 },
      { name: 'hours_left', label: 'Hours left', kind: 'number', required: false, min: 0, max: 1_000_000 },
    ],
  },
  {
    // A recurring check-in (a quarterly review…), opened from a company's template by the schedule.
    id: 'review',
    label: 'Review',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: true,
    fields: [],
  },
];

export type FieldValues = Record<string, string | number>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** The type of that id, or undefined. */
export function findRequestType(types: readonly RequestTypeSpec[], id: string): RequestTypeSpec | undefined {
  return types.find((t) => t.id === id);
}

/** A real calendar day 'YYYY-MM-DD' from 2000-01-01 to 2099-12-31. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < MIN_DAY || value > MAX_DAY) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A type's field values as the store keeps them: only the type's fields, required ones present,
 * each of its kind and within its bounds; text trimmed. Empty strings count as absent.
 */
export function validateFields(type: RequestTypeSpec, input: unknown): Checked<FieldValues> {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    return { ok: false, errors: ['The fields must be an object.'] };
  }
  const given = (input ?? {}) as Record<string, unknown>;
  const errors: string[] = [];
  const value: FieldValues = {};
  for (const key of Object.keys(given)) {
    if (!type.fields.some((f) => f.name === key)) errors.push(`“${key}” is not a field of ${type.label}.`);
  }
  for (const field of type.fields) {
    const raw = given[field.name];
    if (raw === undefined || raw === null || raw === '') {
      if (field.required) errors.push(`${field.label} is required.`);
      continue;
    }
    switch (field.kind) {
      case 'number': {
        if (typeof raw !== 'number' || !Number.isFinite(raw)) {
          errors.push(`${field.label} must be a number.`);
        } else if (field.integer && !Number.isInteger(raw)) {
          errors.push(`${field.label} must be a whole number.`);
        } else if (
          (field.min !== undefined && raw < field.min) ||
          (field.max !== undefined && raw > field.max)
        ) {
          errors.push(`${field.label} must be between ${field.min ?? '−∞'} and ${field.max ?? '∞'}.`);
        } else {
          value[field.name] = raw;
        }
        break;
      }
      case 'date': {
        if (typeof raw !== 'string' || !isCalendarDay(raw)) {
          errors.push(`${field.label} must be a date from ${MIN_DAY} to ${MAX_DAY}.`);
        } else {
          value[field.name] = raw;
        }
        break;
      }
      case 'select': {
        if (typeof raw !== 'string' || !(field.options ?? []).includes(raw)) {
          errors.push(`${field.label} must be one of: ${(field.options ?? []).join(', ')}.`);
        } else {
          value[field.name] = raw;
        }
        break;
      }
      case 'text': {
        const text = cleanText(raw, {
          label: field.label,
          min: field.required ? 1 : 0,
          max: field.maxLength ?? DEFAULT_TEXT_FIELD_MAX,
          multiLine: true,
        });
        if (text.ok) value[field.name] = text.value;
        else errors.push(text.error);
        break;
      }
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, value };
}

function checkField(field: unknown, at: string): string[] {
  if (typeof field !== 'object' || field === null) return [`${at} must be an object.`];
  const f = field as Partial<Record<keyof FieldSpec, unknown>>;
  const errors: string[] = [];
  if (typeof f.name !== 'string' || !NAME.test(f.name)) {
    errors.push(`${at}: the name must be lower-case letters, digits and "_", starting with a letter.`);
  }
  if (typeof f.label !== 'string' || f.label.trim() === '' || f.label.length > 100) {
    errors.push(`${at}: the label must be 1 to 100 characters.`);
  }
  if (!['text', 'number', 'date', 'select'].includes(f.kind as string)) {
    errors.push(`${at}: the kind must be text, number, date or select.`);
  }
  if (typeof f.required !== 'boolean') errors.push(`${at}: "required" must be true or false.`);
  for (const bound of ['min', 'max'] as const) {
    if (f[bound] !== undefined && (typeof f[bound] !== 'number' || !Number.isFinite(f[bound]))) {
      errors.push(`${at}: ${bound} must be a number.`);
    }
  }
  if (typeof f.min === 'number' && typeof f.max === 'number' && f.min > f.max) {
    errors.push(`${at}: min must not be greater than max.`);
  }
  if (
    f.maxLength !== undefined &&
    (typeof f.maxLength !== 'number' ||
      !Number.isInteger(f.maxLength) ||
      f.maxLength < 1 ||
      f.maxLength > 20_000)
  ) {
    errors.push(`${at}: maxLength must be a whole number from 1 to 20,000.`);
  }
  if (f.kind === 'select') {
    const options = f.options;
    if (
      !Array.isArray(options) ||
      options.length === 0 ||
      options.some((o) => typeof o !== 'string' || o === '' || o.length > 100) ||
      new Set(options).size !== options.length
    ) {
      errors.push(`${at}: a select field needs distinct, non-empty options.`);
    }
  } else if (f.options !== undefined) {
    errors.push(`${at}: only a select field has options.`);
  }
  return errors;
}

/**
 * A configured list of types (e.g. from a deployment's settings file) checked and completed: each
 * flag defaults to false, ids and field names are unique. Nothing is accepted half-way: any error
 * refuses the whole list, so a typo never silently removes a type.
 */
export function validateRequestTypes(input: unknown): Checked<RequestTypeSpec[]> {
  if (!Array.isArray(input) || input.length === 0) {
    return { ok: false, errors: ['The request types must be a non-empty list.'] };
  }
  const errors: string[] = [];
  const types: RequestTypeSpec[] = [];
  const ids = new Set<string>();
  input.forEach((entry: unknown, i) => {
    const at = `Type ${i + 1}`;
    if (typeof entry !== 'object' || entry === null) {
      errors.push(`${at} must be an object.`);
      return;
    }
    const t = entry as Record<string, unknown>;
    if (typeof t.id !== 'string' || !NAME.test(t.id)) {
      errors.push(`${at}: the id must be lower-case letters, digits and "_", starting with a letter.`);
    } else if (ids.has(t.id)) {
      errors.push(`${at}: the id “${t.id}” is used twice.`);
    } else {
      ids.add(t.id);
    }
    if (typeof t.label !== 'string' || t.label.trim() === '' || t.label.length > 100) {
      errors.push(`${at}: the label must be 1 to 100 characters.`);
    }
    for (const flag of ['needsApproval', 'requiresProject', 'requiresSubscription', 'hostOnly']) {
      if (t[flag] !== undefined && typeof t[flag] !== 'boolean')
        errors.push(`${at}: ${flag} must be true or false.`);
    }
    const fields = t.fields ?? [];
    if (!Array.isArray(fields)) {
      errors.push(`${at}: the fields must be a list.`);
      return;
    }
    const names = new Set<string>();
    fields.forEach((field: unknown, j) => {
      const fieldErrors = checkField(field, `${at}, field ${j + 1}`);
      errors.push(...fieldErrors);
      const name = (field as { name?: unknown } | null)?.name;
      if (typeof name === 'string') {
        if (names.has(name)) errors.push(`${at}: the field “${name}” is named twice.`);
        names.add(name);
      }
    });
    types.push({
      id: t.id as string,
      label: (t.label as string)?.trim?.() ?? '',
      needsApproval: t.needsApproval === true,
      requiresProject: t.requiresProject === true,
      requiresSubscription: t.requiresSubscription === true,
      hostOnly: t.hostOnly === true,
      fields: fields as FieldSpec[],
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, value: types };
}

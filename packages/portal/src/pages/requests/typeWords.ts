import type { RequestType } from '@client-portal/api-client/requests';
import type { I18n } from '../../i18n/I18nProvider.js';
import { requestLabels } from '../../i18n/en/requestLabels.js';
import { addEnglish } from '../../i18n/english.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import { optionWords } from './requestLabels.js';

addEnglish(requestLabels);

// Request types are the host's configuration, labelled in English. The built-in ones (the host's
// defaults) are shown in the reader's language: a label is translated when it is still the default
// English for that id; a provider's own label (REQUEST_TYPES_FILE) is shown as the provider wrote it.

/** The host's default types and fields, by id and name, in its English (typeWords.test.ts holds them to it). */
export const TYPES: Readonly<Record<string, string>> = {
  question: 'Question',
  change_of_scope: 'Change of scope or hours',
  talent_request: 'Talent request or replacement',
  document_request: 'Document request',
  escalation: 'Escalation',
  renewal_check_in: 'Renewal check-in',
  review: 'Review',
};
export const FIELDS: Readonly<Record<string, string>> = {
  hours_delta: 'Hours to add',
  effective_from: 'From',
  kind: 'New or replacement',
  role: 'Role',
  start_date: 'Start date',
  document: 'Document',
  period: 'Period',
  impact: 'Impact',
  hours_used: 'Hours used',
  hours_left: 'Hours left',
};
export const OPTIONS: ReadonlySet<string> = new Set([
  'new',
  'replacement',
  'contract',
  'invoice_copy',
  'compliance_form',
  'other',
  'low',
  'medium',
  'high',
]);

const own = (table: Readonly<Record<string, string>>, key: string) =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** A request type's name for the reader: the built-in one translated, a provider's own as set. */
export function typeName(t: I18n['t'], id: string, label: string): string {
  return own(TYPES, id) === label ? t(`requests.typeName.${id}` as MessageKey) : label;
}

/** A type's field label for the reader: a built-in field's translated, a provider's own as set. */
export function fieldName(t: I18n['t'], name: string, label: string): string {
  return own(FIELDS, name) === label ? t(`requests.fieldName.${name}` as MessageKey) : label;
}

/** A select field's value as words: a built-in option translated, another spelled out ("Invoice copy"). */
export function optionName(t: I18n['t'], value: string): string {
  return OPTIONS.has(value) ? t(`requests.option.${value}` as MessageKey) : optionWords(value);
}

/** The host's types with their names and field labels for the reader (see typeName and fieldName). */
export function typesForReader(t: I18n['t'], types: readonly RequestType[]): RequestType[] {
  return types.map((type) => ({
    ...type,
    label: typeName(t, type.id, type.label),
    fields: type.fields.map((field) => ({ ...field, label: fieldName(t, field.name, field.label) })),
  }));
}

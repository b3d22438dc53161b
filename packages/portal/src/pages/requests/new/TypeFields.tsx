import type { RequestType } from '@client-portal/api-client/requests';
import { useI18n } from '../../../i18n/I18nProvider.js';
import * as styles from '../RequestsPage.css.js';
import { FieldMessage, fieldIds, RequiredMark } from './FormParts.js';
import type { FormErrors } from './requestForm.js';
import { fieldName, optionName } from '../typeWords.js';

/** The chosen type's own fields, from its field specs: text, number, date or a choice. */
export function TypeFields({
  type,
  values,
  errors,
  formId,
  onChange,
}: {
  type: RequestType;
  values: Record<string, string>;
  errors: FormErrors;
  formId: string;
  onChange: (name: string, value: string) => void;
}) {
  const { t, locale } = useI18n();
  if (type.fields.length === 0) return null;
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('requests.form.details')}</legend>
      <div className={styles.form}>
        {type.fields.map((field) => {
          const path = `fields.${field.name}`;
          const ids = fieldIds(formId, path);
          const error = errors[path];
          const range =
            field.kind === 'number' && field.min !== undefined && field.max !== undefined
              ? t('requests.form.range', {
                  min: field.min.toLocaleString(locale),
                  max: field.max.toLocaleString(locale),
                })
              : null;
          const describedBy = [range ? ids.help : null, error ? ids.error : null].filter(Boolean).join(' ');
          const common = {
            id: ids.control,
            name: path,
            required: field.required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy || undefined,
            value: values[field.name] ?? '',
            className: styles.input,
          };
          return (
            <div key={field.name} className={styles.field}>
              <label htmlFor={ids.control} className={styles.label}>
                {fieldName(t, field.name, field.label)}
                {field.required ? <RequiredMark /> : null}
              </label>
              {field.kind === 'select' ? (
                <select {...common} onChange={(event) => onChange(field.name, event.target.value)}>
                  <option value="">{t('requests.form.choose')}</option>
                  {(field.options ?? []).map((option) => (
                    <option key={option} value={option}>
                      {optionName(t, option)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
                  {...(field.kind === 'number'
                    ? {
                        min: field.min,
                        max: field.max,
                        step: field.integer ? 1 : 'any',
                        inputMode: 'decimal' as const,
                      }
                    : {})}
                  {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})}
                  onChange={(event) => onChange(field.name, event.target.value)}
                />
              )}
              {range ? (
                <p id={ids.help} className={styles.muted}>
                  {range}
                </p>
              ) : null}
              <FieldMessage id={ids.error} error={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

import { useI18n } from '../../../i18n/I18nProvider.js';
import * as styles from '../RequestsPage.css.js';
import type { FieldError } from './requestForm.js';

/** The ids of a control and its help and error texts, from the form's id and the field's path. */
export function fieldIds(formId: string, path: string) {
  const base = `${formId}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return { control: base, help: `${base}-help`, error: `${base}-error` };
}

/** "(required)", in words: not only a star. */
export function RequiredMark() {
  const { t } = useI18n();
  return <span className={styles.muted}> {t('requests.form.required')}</span>;
}

/** A field's error, where its control's aria-describedby points. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {'text' in error ? error.text : t(error.key, error.values)}
    </p>
  );
}

import type { RequestMeta } from '@client-portal/api-client/requests';
import { useId } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { usePortal } from '../../../PortalContext.js';
import * as styles from '../RequestsPage.css.js';
import { useRequestsToaster, useSetDefaultVisibility } from '../useRequestsApi.js';

type Visibility = RequestMeta['defaultVisibility'];

/**
 * The company admin's settings, in a disclosure: who sees new requests by default (the requester
 * and the colleagues they add, or the whole company). Saved on choice; a notice says how it went.
 */
export function RequestSettings({ meta }: { meta: RequestMeta }) {
  const { t } = useI18n();
  const id = useId();
  const toaster = useRequestsToaster();
  const { onError } = usePortal();
  const save = useSetDefaultVisibility();
  const choose = (value: Visibility) => {
    if (value === meta.defaultVisibility) return;
    save.mutate(value, {
      onSuccess: () => toaster.success({ title: t('requests.settings.saved') }),
      onError: (error) => {
        toaster.error({ title: t('requests.settings.failed'), closable: true });
        onError?.(error, 'mutation:request-settings');
      },
    });
  };
  const shown = save.isPending && save.variables ? save.variables : meta.defaultVisibility;
  return (
    <details className={styles.disclosure}>
      <summary className={styles.summary}>{t('requests.settings.title')}</summary>
      <fieldset className={styles.choices} aria-busy={save.isPending} disabled={save.isPending}>
        <legend className={styles.legend}>{t('requests.settings.visibility')}</legend>
        {(['participants', 'company'] as const).map((value) => (
          <label key={value} className={styles.choice} htmlFor={`${id}-${value}`}>
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={shown === value}
              onChange={() => choose(value)}
            />
            {t(value === 'company' ? 'requests.settings.company' : 'requests.settings.participants')}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

import type { RequestMeta } from '@client-portal/api-client/requests';
import { Button, Icon, Select, visuallyHidden } from '@client-portal/ui';
import { Search, X } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import * as searchStyles from '../../searchField.css.js';
import { DUE_STATES, dueMessage, LABELS, labelMessage } from '../requestLabels.js';
import { isTooShort, SEARCH_MIN } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import type { RequestListAddress } from './useRequestListAddress.js';
import { typeName } from '../typeWords.js';

// "Any" is a value no type, label or due state can have.
const ANY = '__any';

/** Status, type and due state, and the search by key or title; all kept in the address. */
export function RequestFilters({
  address,
  meta,
}: {
  address: RequestListAddress;
  meta: RequestMeta | undefined;
}) {
  const { t } = useI18n();
  const id = useId();
  const { filters, update, draft, setDraft, submit } = address;
  const any = { value: ANY, label: t('requests.filter.any') };
  const tooShort = isTooShort(draft);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };
  return (
    <div className={styles.stack}>
      <search>
        <form className={searchStyles.searchForm} onSubmit={onSubmit}>
          <label htmlFor={`${id}-q`} className={searchStyles.searchLabel}>
            {t('requests.search.label')}
          </label>
          <div className={searchStyles.searchRow}>
            <div className={searchStyles.searchField}>
              <Icon icon={Search} size="sm" className={searchStyles.searchIcon} />
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                className={searchStyles.searchInput}
                value={draft}
                maxLength={200}
                autoComplete="off"
                enterKeyHint="search"
                aria-describedby={`${id}-hint`}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <Button type="submit">{t('requests.search.submit')}</Button>
            {draft !== '' ? (
              <Button
                variant="ghost"
                tone="neutral"
                iconStart={<Icon icon={X} size="sm" />}
                onClick={() => {
                  setDraft('');
                  submit('');
                }}
              >
                {t('requests.search.clear')}
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className={searchStyles.hint}>
            {tooShort ? t('requests.search.tooShort', { min: SEARCH_MIN }) : t('requests.search.hint')}
          </p>
        </form>
      </search>
      <fieldset className={styles.filters}>
        <legend className={visuallyHidden}>{t('requests.filters.label')}</legend>
        <Select
          label={t('requests.filter.status')}
          value={filters.status ?? ANY}
          items={[any, ...LABELS.map((label) => ({ value: label, label: t(labelMessage(label)) }))]}
          onValueChange={(value) =>
            update({ status: (value && value !== ANY ? value : undefined) as typeof filters.status })
          }
        />
        <Select
          label={t('requests.filter.type')}
          value={filters.type ?? ANY}
          items={[
            any,
            ...(meta?.types ?? []).map((type) => ({
              value: type.id,
              label: typeName(t, type.id, type.label),
            })),
          ]}
          onValueChange={(value) => update({ type: value && value !== ANY ? value : undefined })}
        />
        <Select
          label={t('requests.filter.due')}
          value={filters.due ?? ANY}
          items={[any, ...DUE_STATES.map((state) => ({ value: state, label: t(dueMessage(state)) }))]}
          onValueChange={(value) =>
            update({ due: (value && value !== ANY ? value : undefined) as typeof filters.due })
          }
        />
      </fieldset>
    </div>
  );
}

import { Button, Icon, Select } from '@client-portal/ui';
import { Search, X } from 'lucide-react';
import { type FormEvent, useId, useRef } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as searchStyles from '../searchField.css.js';
import * as styles from './TalentPage.css.js';
import { ANY_SPECIALIZATION, SEARCH_MAX_LENGTH } from './talentAddress.js';

/** The search field: the list follows what is typed; Enter puts it into the address at once. */
export function TalentSearch({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  const clear = () => {
    onChange('');
    onSubmit('');
    input.current?.focus();
  };
  return (
    <search className={styles.searchArea}>
      <form className={searchStyles.searchForm} onSubmit={submit}>
        <label htmlFor={`${id}-q`} className={searchStyles.searchLabel}>
          {t('page.talent.search.label')}
        </label>
        <div className={searchStyles.searchRow}>
          <div className={searchStyles.searchField}>
            <Icon icon={Search} size="sm" className={searchStyles.searchIcon} />
            <input
              ref={input}
              id={`${id}-q`}
              type="search"
              name="q"
              className={searchStyles.searchInput}
              value={value}
              maxLength={SEARCH_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={`${id}-hint`}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
          {value !== '' ? (
            <Button variant="ghost" tone="neutral" iconStart={<Icon icon={X} size="sm" />} onClick={clear}>
              {t('page.talent.search.clear')}
            </Button>
          ) : null}
        </div>
        <p id={`${id}-hint`} className={searchStyles.hint}>
          {t('page.talent.search.hint')}
        </p>
      </form>
    </search>
  );
}

/** One specialization, or all of them. */
export function SpecializationFilter({
  choices,
  selected,
  onSelect,
}: {
  choices: readonly string[];
  selected: string | undefined;
  onSelect: (specialization: string | undefined) => void;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.filter}>
      <Select
        label={t('page.talent.filter.label')}
        items={[
          { value: ANY_SPECIALIZATION, label: t('page.talent.filter.all') },
          ...choices.map((choice) => ({ value: choice, label: choice })),
        ]}
        value={selected ?? ANY_SPECIALIZATION}
        onValueChange={(value) =>
          onSelect(value === null || value === ANY_SPECIALIZATION ? undefined : value)
        }
      />
    </div>
  );
}

import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from '@client-portal/api-client';
import { Button, Icon } from '@client-portal/ui';
import { Search, X } from 'lucide-react';
import { type FormEvent, useId, useRef } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as searchStyles from '../searchField.css.js';
import { isTooShort } from './knowledgeBaseAddress.js';

/**
 * The search field: results follow what is typed (the page debounces it), and Enter or "Search"
 * asks at once. A search landmark, so it can be reached directly.
 */
export function SearchBox({
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
  const tooShort = isTooShort(value);
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
    <search>
      <form className={searchStyles.searchForm} onSubmit={submit}>
        <label htmlFor={`${id}-q`} className={searchStyles.searchLabel}>
          {t('page.knowledgeBase.search.label')}
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
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={`${id}-hint`}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
          <Button type="submit">{t('page.knowledgeBase.search.submit')}</Button>
          {value !== '' ? (
            <Button variant="ghost" tone="neutral" iconStart={<Icon icon={X} size="sm" />} onClick={clear}>
              {t('page.knowledgeBase.search.clear')}
            </Button>
          ) : null}
        </div>
        <p id={`${id}-hint`} className={searchStyles.hint}>
          {tooShort
            ? t('page.knowledgeBase.search.tooShort', { min: SEARCH_QUERY_MIN_LENGTH })
            : t('page.knowledgeBase.search.hint')}
        </p>
      </form>
    </search>
  );
}

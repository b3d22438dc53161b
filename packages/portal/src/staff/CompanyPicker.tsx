import {
  Avatar,
  Badge,
  Button,
  EmptyState,
  Icon,
  Skeleton,
  Spinner,
  visuallyHidden,
} from '@client-portal/ui';
import { ArrowLeft, Building, Search, SearchX, X } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
import { LoadError } from '../pages/LoadError.js';
import { Page } from '../pages/Page.js';
import { usePageTitle } from '../pages/usePageTitle.js';
import * as searchStyles from '../pages/searchField.css.js';
import * as styles from './CompanyPicker.css.js';
import { matchCompanies, type StaffCompany } from './companySearch.js';

/** What the picker needs of the company list query (a `useQuery` result fits). */
export interface CompanyList {
  status: 'pending' | 'error' | 'success';
  data?: { companies: StaffCompany[] } | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

const SKELETON_ROWS = 6;

/** Moves focus through the list's buttons with the arrow keys, Home and End; up from the first returns to the search. */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null, search: HTMLElement | null) {
  const buttons = [...(list?.querySelectorAll<HTMLButtonElement>('button[data-company-id]') ?? [])];
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  let next: HTMLElement | null | undefined;
  if (event.key === 'ArrowDown') next = buttons[Math.min(at + 1, buttons.length - 1)];
  else if (event.key === 'ArrowUp') next = at <= 0 ? search : buttons[at - 1];
  else if (event.key === 'Home' && at >= 0) next = buttons[0];
  else if (event.key === 'End' && at >= 0) next = buttons.at(-1);
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * Provider staff choose the company to act for: search by name (or exact id), then a list that
 * the keyboard moves through (arrows, Home, End; Enter or Space chooses). Loading, a failed load
 * with retry, no companies at all and no match each have their own state.
 */
export function CompanyPicker({
  companies,
  current,
  pendingId,
  onChoose,
  onCancel,
  searchRef,
}: {
  companies: CompanyList;
  /** The company acted for while switching (marked in the list, and "Back to" it). */
  current: StaffCompany | null;
  /** The company being opened (its act-as request is under way). */
  pendingId: string | null;
  onChoose: (company: StaffCompany) => void;
  /** Back to the company acted for, when switching. */
  onCancel?: (() => void) | undefined;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useI18n();
  const id = useId();
  usePageTitle(t('staff.picker.title'));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const list = useRef<HTMLUListElement>(null);
  const all = companies.data?.companies;
  const matches = useMemo(() => matchCompanies(all ?? [], deferred), [all, deferred]);
  const busy = pendingId !== null;

  const choose = (company: StaffCompany) => {
    if (!busy) onChoose(company);
  };
  const clear = () => {
    setSearch('');
    searchRef.current?.focus();
  };
  // Enter chooses the one match; with several it moves to the first, so a choice is always seen.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = matchCompanies(all ?? [], search);
    const [first] = found.shown;
    if (found.total === 1 && first) choose(first);
    else list.current?.querySelector<HTMLButtonElement>('button[data-company-id]')?.focus();
  };
  const searchKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') moveFocus(event, list.current, searchRef.current);
    else if (event.key === 'Escape' && search !== '') {
      event.preventDefault();
      setSearch('');
    }
  };

  let body: ReactNode;
  if (companies.status === 'pending') {
    body = (
      <div aria-busy="true">
        <span className={visuallyHidden} role="status">
          {t('staff.picker.loading')}
        </span>
        <div className={styles.list}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton width={32} height={32} />
              <Skeleton shape="text" width={`${40 + ((i * 17) % 35)}%`} />
            </div>
          ))}
        </div>
      </div>
    );
  } else if (companies.status === 'error') {
    body = (
      <LoadError
        title={t('staff.picker.error.title')}
        message={t('staff.picker.error.body')}
        error={companies.error}
        onRetry={() => void companies.refetch()}
        retrying={companies.isFetching}
      />
    );
  } else if (!all || all.length === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Building} size="lg" />}
        title={t('staff.picker.empty.title')}
        description={t('staff.picker.empty.body')}
      />
    );
  } else if (matches.total === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        size="sm"
        icon={<Icon icon={SearchX} size="lg" />}
        title={t('staff.picker.noMatch.title', { search: deferred.trim() })}
        description={t('staff.picker.noMatch.body')}
        actionLabel={t('staff.picker.clear')}
        onAction={clear}
      />
    );
  } else {
    const counted = deferred.trim()
      ? t('staff.picker.matches', { count: matches.total, total: all.length })
      : t('staff.picker.count', { count: all.length });
    body = (
      <>
        <p className={styles.count} role="status">
          {counted}
          {matches.shown.length < matches.total
            ? ` ${t('staff.picker.cut', { shown: matches.shown.length })}`
            : ''}
        </p>
        <ul
          ref={list}
          className={styles.list}
          aria-label={t('staff.picker.list')}
          aria-busy={busy || undefined}
          onKeyDown={(event) => moveFocus(event, list.current, searchRef.current)}
        >
          {matches.shown.map((company) => {
            const pending = company.id === pendingId;
            const isCurrent = company.id === current?.id;
            return (
              <li key={company.id}>
                <button
                  type="button"
                  className={styles.item}
                  data-company-id={company.id}
                  aria-current={isCurrent || undefined}
                  aria-disabled={busy || undefined}
                  onClick={() => choose(company)}
                >
                  <Avatar name={company.name} size={32} shape="square" decorative />
                  <span className={styles.name}>
                    {company.name}
                    <span className={styles.id}>{company.id}</span>
                  </span>
                  <span className={styles.trailing}>
                    {isCurrent ? <Badge tone="accent">{t('staff.picker.current')}</Badge> : null}
                    {pending ? <Spinner size="sm" label={t('staff.picker.opening')} /> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <Page title={t('staff.picker.title')} lead={t('staff.picker.lead')}>
      <div className={styles.panel}>
        {onCancel && current ? (
          <Button
            variant="ghost"
            tone="neutral"
            className={styles.back}
            iconStart={<Icon icon={ArrowLeft} size="sm" className={styles.backIcon} />}
            onClick={onCancel}
          >
            {t('staff.picker.back', { company: current.name })}
          </Button>
        ) : null}
        <search>
          <form className={searchStyles.searchForm} onSubmit={submit}>
            <label htmlFor={`${id}-q`} className={searchStyles.searchLabel}>
              {t('staff.picker.search')}
            </label>
            <div className={searchStyles.searchRow}>
              <div className={searchStyles.searchField}>
                <Icon icon={Search} size="sm" className={searchStyles.searchIcon} />
                <input
                  ref={searchRef}
                  id={`${id}-q`}
                  type="search"
                  name="company"
                  className={searchStyles.searchInput}
                  value={search}
                  maxLength={200}
                  autoComplete="off"
                  spellCheck={false}
                  enterKeyHint="go"
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => setSearch(event.target.value)}
                  onKeyDown={searchKeys}
                />
              </div>
              {search !== '' ? (
                <Button
                  variant="ghost"
                  tone="neutral"
                  iconStart={<Icon icon={X} size="sm" />}
                  onClick={clear}
                >
                  {t('staff.picker.clear')}
                </Button>
              ) : null}
            </div>
            <p id={`${id}-hint`} className={searchStyles.hint}>
              {t('staff.picker.hint')}
            </p>
          </form>
        </search>
        {body}
      </div>
    </Page>
  );
}

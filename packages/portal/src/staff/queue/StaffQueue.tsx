import type { RequestSummary } from '@client-portal/api-client/requests';
import { REQUEST_DUE_STATES, REQUEST_STATUSES } from '@client-portal/api-client/requests';
import {
  Badge,
  Button,
  EmptyState,
  Icon,
  Select,
  Skeleton,
  Spinner,
  visuallyHidden,
} from '@client-portal/ui';
import { ArrowLeft, ArrowRight, Inbox } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { addEnglish } from '../../i18n/english.js';
import { requestDetail } from '../../i18n/en/requestDetail.js';
import { staffQueue } from '../../i18n/en/staffQueue.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { LoadError } from '../../pages/LoadError.js';
import { Page } from '../../pages/Page.js';
import { dayText } from '../../pages/requests/detail/formatting.js';
import { DUE_TONES } from '../../pages/requests/detail/requestFacts.js';
import { usePageTitle } from '../../pages/usePageTitle.js';
import type { CompanyList } from '../CompanyPicker.js';
import type { StaffCompany } from '../companySearch.js';
import {
  hasFilters,
  mergeOptions,
  NO_FILTERS,
  type QueueFilters,
  seenOptions,
  withFilter,
} from './queueFilters.js';
import * as styles from './StaffQueue.css.js';
import { useStaffQueue, useStaffQueueOptions } from './useStaffQueue.js';
import { typeName } from '../../pages/requests/typeWords.js';

addEnglish(staffQueue, requestDetail);

const ANY = '__any';
const SKELETON_ROWS = 5;

/** One request of the queue: a button that opens it in its company's context. */
function QueueRow({
  item,
  pending,
  busy,
  onOpen,
}: {
  item: RequestSummary;
  pending: boolean;
  busy: boolean;
  onOpen: () => void;
}) {
  const { t, locale } = useI18n();
  return (
    <button
      type="button"
      className={styles.item}
      data-request-key={item.key}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onOpen();
      }}
    >
      <span className={styles.line}>
        <span className={styles.company}>{item.companyName}</span>
        <span className={styles.key}>{item.key}</span>
        <span className={styles.muted}>{typeName(t, item.type, item.typeLabel)}</span>
        {pending ? <Spinner size="sm" label={t('staffQueue.opening')} /> : null}
      </span>
      <span className={styles.title} dir="auto">
        {item.title}
      </span>
      <span className={styles.line}>
        <Badge size="sm" tone="neutral" variant="outline">
          {item.status ? t(`requestPage.status.${item.status}`) : t(`requestPage.label.${item.label}`)}
        </Badge>
        {item.priority !== 'normal' ? (
          <Badge
            size="sm"
            tone={item.priority === 'urgent' || item.priority === 'high' ? 'warning' : 'neutral'}
          >
            {t(`requestPage.priority.${item.priority}`)}
          </Badge>
        ) : null}
        <span className={styles.muted}>
          {item.dueAt ? t('staffQueue.due', { date: dayText(item.dueAt, locale) }) : t('staffQueue.noDue')}
        </span>
        {item.dueState ? (
          <Badge size="sm" tone={DUE_TONES[item.dueState]}>
            {t(`requestPage.due.${item.dueState}`)}
          </Badge>
        ) : null}
        <span className={styles.muted}>
          {item.assignee
            ? t('staffQueue.assignedTo', { name: item.assignee.name })
            : t('staffQueue.unassigned')}
        </span>
      </span>
    </button>
  );
}

/**
 * Provider staff's requests queue across all companies (staff who act for none): filters by status,
 * due state, company, type and assignee; by due date, the soonest first (the host's order); paged.
 * Opening a request acts for its company and shows the request there.
 */
export function StaffQueue({
  companies,
  pendingKey,
  onOpen,
}: {
  companies: CompanyList;
  /** The request being opened (its company's act-as is under way). */
  pendingKey: string | null;
  onOpen: (company: StaffCompany, requestKey: string) => void;
}) {
  const { t } = useI18n();
  usePageTitle(t('staffQueue.title'));
  const [filters, setFilters] = useState<QueueFilters>(NO_FILTERS);
  const queue = useStaffQueue(filters);
  const [types, setTypes] = useState<ReadonlyMap<string, string>>(new Map());
  const [assignees, setAssignees] = useState<ReadonlyMap<string, string>>(new Map());
  const options = useStaffQueueOptions();
  const items = queue.data?.items;
  // The host's lists (every type, every staff member) seed the filters; anything a page shows that
  // they lack (a type configured since) is added, so a filter always offers what the queue holds.
  useEffect(() => {
    if (!options.data) return;
    const { types: allTypes, assignees: allStaff } = options.data;
    setTypes((known) =>
      mergeOptions(
        known,
        allTypes.map((type) => ({ id: type.id, label: typeName(t, type.id, type.label) })),
      ),
    );
    setAssignees((known) =>
      mergeOptions(
        known,
        allStaff.map((p) => ({ id: p.id, label: p.name })),
      ),
    );
  }, [options.data, t]);
  useEffect(() => {
    if (!items) return;
    setTypes((known) =>
      seenOptions(known, items, (i) => ({ id: i.type, label: typeName(t, i.type, i.typeLabel) })),
    );
    setAssignees((known) =>
      seenOptions(known, items, (i) => (i.assignee ? { id: i.assignee.id, label: i.assignee.name } : null)),
    );
  }, [items, t]);
  const set = (change: Partial<Omit<QueueFilters, 'page'>>) => setFilters((f) => withFilter(f, change));
  const any = (value: string | null) => (value === null || value === ANY ? '' : value);
  const busy = pendingKey !== null;

  const filterBar = (
    <fieldset className={styles.filters}>
      <legend className={visuallyHidden}>{t('staffQueue.filters')}</legend>
      <Select
        label={t('staffQueue.filter.status')}
        size="sm"
        items={[
          { value: ANY, label: t('staffQueue.filter.open') },
          ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requestPage.status.${s}`) })),
        ]}
        value={filters.status || ANY}
        onValueChange={(value) => set({ status: any(value) })}
      />
      <Select
        label={t('staffQueue.filter.dueState')}
        size="sm"
        items={[
          { value: ANY, label: t('staffQueue.filter.anyDue') },
          ...REQUEST_DUE_STATES.map((s) => ({ value: s, label: t(`requestPage.due.${s}`) })),
        ]}
        value={filters.dueState || ANY}
        onValueChange={(value) => set({ dueState: any(value) as QueueFilters['dueState'] })}
      />
      <Select
        label={t('staffQueue.filter.company')}
        size="sm"
        loading={companies.status === 'pending'}
        items={[
          { value: ANY, label: t('staffQueue.filter.anyCompany') },
          ...(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
        value={filters.companyId || ANY}
        onValueChange={(value) => set({ companyId: any(value) })}
      />
      <Select
        label={t('staffQueue.filter.type')}
        size="sm"
        items={[
          { value: ANY, label: t('staffQueue.filter.anyType') },
          ...[...types].map(([value, label]) => ({ value, label })),
        ]}
        value={filters.type || ANY}
        onValueChange={(value) => set({ type: any(value) })}
      />
      <Select
        label={t('staffQueue.filter.assignee')}
        size="sm"
        items={[
          { value: ANY, label: t('staffQueue.filter.anyAssignee') },
          { value: 'me', label: t('staffQueue.filter.me') },
          { value: 'unassigned', label: t('staffQueue.filter.unassigned') },
          ...[...assignees].map(([value, label]) => ({ value, label })),
        ]}
        value={filters.assignee || ANY}
        onValueChange={(value) => set({ assignee: any(value) })}
      />
      {hasFilters(filters) ? (
        <Button size="sm" variant="ghost" tone="neutral" onClick={() => setFilters(NO_FILTERS)}>
          {t('staffQueue.filter.clear')}
        </Button>
      ) : null}
    </fieldset>
  );

  let body: ReactNode;
  if (queue.isPending) {
    body = (
      <div aria-busy="true">
        <span className={visuallyHidden} role="status">
          {t('staffQueue.loading')}
        </span>
        <div className={styles.list}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton shape="text" width="30%" />
              <Skeleton shape="text" width={`${50 + ((i * 13) % 40)}%`} />
            </div>
          ))}
        </div>
      </div>
    );
  } else if (queue.error && !queue.data) {
    body = (
      <LoadError
        title={t('staffQueue.error.title')}
        message={t('staffQueue.error.body')}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        retrying={queue.isFetching}
      />
    );
  } else if (!items || items.length === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Inbox} size="lg" />}
        title={hasFilters(filters) ? t('staffQueue.noMatch.title') : t('staffQueue.empty.title')}
        description={hasFilters(filters) ? t('staffQueue.noMatch.body') : t('staffQueue.empty.body')}
        {...(hasFilters(filters)
          ? { actionLabel: t('staffQueue.filter.clear'), onAction: () => setFilters(NO_FILTERS) }
          : {})}
      />
    );
  } else {
    const company = (item: RequestSummary): StaffCompany => ({ id: item.companyId, name: item.companyName });
    body = (
      <>
        <p className={styles.count} role="status">
          {t('staffQueue.page', { page: filters.page })}
        </p>
        <ul
          className={styles.list}
          aria-label={t('staffQueue.list')}
          aria-busy={queue.isFetching || busy || undefined}
        >
          {items.map((item) => (
            <li key={item.id}>
              <QueueRow
                item={item}
                pending={pendingKey === item.key}
                busy={busy}
                onOpen={() => onOpen(company(item), item.key)}
              />
            </li>
          ))}
        </ul>
        <nav className={styles.pager} aria-label={t('staffQueue.pages')}>
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            iconStart={<Icon icon={ArrowLeft} size="sm" />}
            disabled={filters.page <= 1 || queue.isFetching}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t('staffQueue.previous')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            iconEnd={<Icon icon={ArrowRight} size="sm" />}
            disabled={!queue.data?.hasMore || queue.isFetching}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t('staffQueue.next')}
          </Button>
        </nav>
      </>
    );
  }

  return (
    <Page title={t('staffQueue.title')} lead={t('staffQueue.lead')}>
      <div className={styles.panel}>
        {filterBar}
        {body}
      </div>
    </Page>
  );
}

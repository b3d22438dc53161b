import type { RequestMeta } from '@client-portal/api-client/requests';
import { Button, EmptyState, Icon, Link, Tabs } from '@client-portal/ui';
import { Download, Inbox, Plus, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { requests } from '../../../i18n/en/requests.js';
import { addEnglish } from '../../../i18n/english.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { LoadError } from '../../LoadError.js';
import { Page } from '../../Page.js';
import { usePageTitle } from '../../usePageTitle.js';
import { isFiltered, type ListFilters, listQueryOf, NEW_REQUEST_PATH } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import { Busy } from '../RequestStates.js';
import { useRequestList, useRequestMeta, useRequestsApi } from '../useRequestsApi.js';
import { RequestFilters } from './RequestFilters.js';
import { RequestPager } from './RequestPager.js';
import { RequestSettings } from './RequestSettings.js';
import { RequestTable } from './RequestTable.js';
import { type RequestListAddress, useRequestListAddress } from './useRequestListAddress.js';

addEnglish(requests);

/** The list: mine or the company's, filtered and searched, a page at a time. */
export default function RequestListView() {
  const { t } = useI18n();
  const title = t('page.requests.title');
  usePageTitle(title);
  const address = useRequestListAddress();
  const meta = useRequestMeta();
  const admin = meta.data?.companyAdmin === true;
  const { filters, update } = address;
  return (
    <Page title={title} lead={t('page.requests.lead')}>
      <div className={styles.actions}>
        <NewRequestButton />
        {admin ? <ExportLink filters={filters} /> : null}
      </div>
      {admin && meta.data ? <RequestSettings meta={meta.data} /> : null}
      <Tabs
        className={styles.tabs}
        listLabel={t('requests.scope.label')}
        value={filters.scope}
        onValueChange={(scope) => {
          if (scope !== filters.scope) update({ scope: scope as ListFilters['scope'] }, { replace: true });
        }}
        lazyMount
        items={(['mine', 'company'] as const).map((scope) => ({
          value: scope,
          label: t(scope === 'mine' ? 'requests.scope.mine' : 'requests.scope.company'),
          content: <RequestResults address={address} meta={meta.data} admin={admin} />,
        }))}
      />
    </Page>
  );
}

function NewRequestButton() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  return (
    <Button iconStart={<Icon icon={Plus} size="sm" />} onClick={() => navigate(NEW_REQUEST_PATH)}>
      {t('requests.new')}
    </Button>
  );
}

/** The company admin's CSV of every request the list shows with these filters (all pages). */
function ExportLink({ filters }: { filters: ListFilters }) {
  const { t } = useI18n();
  const { api } = useRequestsApi();
  const { page: _page, pageSize: _size, ...query } = listQueryOf(filters);
  return (
    <Link
      href={api.exportUrl(query)}
      download="requests.csv"
      variant="standalone"
      iconStart={<Icon icon={Download} size="sm" />}
    >
      {t('requests.export')}
    </Link>
  );
}

function RequestResults({
  address,
  meta,
  admin,
}: {
  address: RequestListAddress;
  meta: RequestMeta | undefined;
  admin: boolean;
}) {
  const { t } = useI18n();
  const { filters, update, clear } = address;
  const query = useMemo(() => listQueryOf(filters), [filters]);
  const list = useRequestList(query);
  const now = useMemo(() => new Date(), []);
  const filtered = isFiltered(filters);
  // The company tab's sentence depends on the caller's role: none until the meta says which, so a
  // company admin never reads the member's sentence first.
  const hint =
    filters.scope === 'mine'
      ? t('requests.scope.mineHint')
      : meta === undefined
        ? null
        : admin
          ? t('requests.scope.companyAdminHint')
          : t('requests.scope.companyMemberHint');

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Busy status={t('requests.list.loading')}>
        <RequestTable rows={[]} loading now={now} />
      </Busy>
    );
  } else if (list.error && !list.data) {
    body = (
      <LoadError
        title={t('requests.list.error.title')}
        message={t('requests.list.error.body')}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data && list.data.items.length === 0 && list.data.page === 1) {
    body = filtered ? (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={SearchX} size="lg" />}
        title={t('requests.noResults.title')}
        description={t('requests.noResults.body')}
        action={
          <Button variant="outline" onClick={clear}>
            {t('requests.filter.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Inbox} size="lg" />}
        title={t('requests.empty.title')}
        description={t('requests.empty.body')}
        action={<NewRequestButton />}
      />
    );
  } else if (list.data) {
    body = (
      <>
        <div aria-busy={list.isPlaceholderData} className={styles.tabs}>
          <RequestTable rows={list.data.items} loading={false} now={now} />
        </div>
        <RequestPager
          page={list.data.page}
          hasMore={list.data.hasMore}
          onPage={(page) => update({ ...filters, page })}
        />
      </>
    );
  }
  return (
    <div className={styles.stack}>
      {hint ? <p className={styles.muted}>{hint}</p> : null}
      <RequestFilters address={address} meta={meta} />
      {filtered ? (
        <div>
          <Button variant="ghost" tone="neutral" size="sm" onClick={clear}>
            {t('requests.filter.clear')}
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  );
}

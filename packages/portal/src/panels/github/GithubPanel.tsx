import type { GithubRepository } from '@client-portal/api-client';
import {
  Avatar,
  Badge,
  Card,
  EmptyState,
  Link,
  SkeletonText,
  Table,
  type TableColumn,
  type TableSort,
} from '@client-portal/ui';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { usePortalData } from '../../data/PortalData.js';
import { dateLocaleFor } from '../../i18n/dates.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { formatDateShort } from '../../lib/dates.js';
import { formatNumber } from '../../lib/figures.js';
import { LoadError } from '../../pages/LoadError.js';
import { CsvButton } from '../CsvButton.js';
import { csvFileName } from '../../lib/csv.js';
import { tableRows } from '../ai-usage/exportRows.js';
import * as styles from './GithubPanel.css.js';
import { groupRepositories, type RepositoryLine, repositoryLines } from './repositories.js';
import { github } from '../../i18n/en/github.js';
import { addEnglish } from '../../i18n/english.js';
import { useTableLabels } from '../useTableLabels.js';

addEnglish(github);

const PAGE_SIZE = 10;
const VISIBILITY_TONE = { public: 'success', private: 'neutral', internal: 'info' } as const;

/**
 * The project's GitHub organisations and repositories, fetched together (the routes take the CRM
 * project id, found from the key in the visible projects): each organisation with how many of its
 * repositories the project uses, then every repository in a sortable, paged table with a CSV export.
 */
export function GithubPanel({ projectKey }: { projectKey: string }) {
  const { t } = useI18n();
  const { queries } = usePortalData();
  const projects = useQuery(queries.projects());
  const projectId = projects.data?.data.find((p) => p.jiraProjectKey === projectKey)?.id;
  const [organisations, repositories] = useQueries({
    queries: [queries.githubOrganisations(projectId), queries.githubRepositories(projectId)],
  });
  const failed = [projects, organisations, repositories].find((q) => q?.isError);
  let body: ReactNode;
  if (failed) {
    body = (
      <LoadError
        title={t('github.error.title')}
        message={t('github.error.body')}
        error={failed.error}
        onRetry={() => {
          for (const q of [projects, organisations, repositories]) if (q?.isError) void q.refetch();
        }}
        retrying={Boolean(projects.isFetching || organisations?.isFetching || repositories?.isFetching)}
      />
    );
  } else if (projects.isPending || (projectId && (organisations?.isPending || repositories?.isPending))) {
    body = (
      <div aria-busy="true" className={styles.body}>
        <span className={styles.muted}>{t('github.loading')}</span>
        <SkeletonText lines={5} />
      </div>
    );
  } else if (!projectId || !organisations?.data || !repositories?.data) {
    body = (
      <EmptyState
        size="sm"
        headingLevel={3}
        title={t('github.empty.title')}
        description={t('github.empty.body')}
      />
    );
  } else {
    body = (
      <GithubContent
        projectKey={projectKey}
        organisations={organisations.data.data}
        repositories={repositories.data.data}
      />
    );
  }
  return (
    <Card as="section" title={t('github.title')} headingLevel={2} description={t('github.lead')}>
      {body}
    </Card>
  );
}

function GithubContent({
  projectKey,
  organisations,
  repositories,
}: {
  projectKey: string;
  organisations: Parameters<typeof groupRepositories>[0];
  repositories: readonly GithubRepository[];
}) {
  const { t, locale } = useI18n();
  const tableLabels = useTableLabels();
  const [sort, setSort] = useState<TableSort>({ key: 'pushedAt', direction: 'desc' });
  const groups = useMemo(() => groupRepositories(organisations, repositories), [organisations, repositories]);
  const lines = useMemo(() => repositoryLines(groups), [groups]);
  if (groups.length === 0) {
    return (
      <EmptyState
        size="sm"
        headingLevel={3}
        title={t('github.empty.title')}
        description={t('github.empty.body')}
      />
    );
  }
  const dateLocale = dateLocaleFor(locale);
  const visibility = (r: GithubRepository) => t(`github.visibility.${r.visibility}`);
  const columns: TableColumn<RepositoryLine>[] = [
    {
      key: 'name',
      header: t('github.col.repository'),
      rowHeader: true,
      sortable: true,
      minWidth: '200px',
      cell: (r) => (
        <span className={styles.repoName}>
          <Link href={r.url} newTabLabel={t('frame.newTab')}>
            {r.name}
          </Link>
          {r.description ? <span className={styles.muted}>{r.description}</span> : null}
        </span>
      ),
    },
    { key: 'organisationName', header: t('github.col.organisation'), sortable: true },
    {
      key: 'language',
      header: t('github.col.language'),
      sortable: true,
      cell: (r) => r.language ?? <span className={styles.muted}>{t('github.noLanguage')}</span>,
    },
    {
      key: 'visibility',
      header: t('github.col.visibility'),
      sortable: true,
      sortValue: visibility,
      cell: (r) => (
        <span className={styles.badges}>
          <Badge tone={VISIBILITY_TONE[r.visibility]}>{visibility(r)}</Badge>
          {r.archived ? <Badge tone="warning">{t('github.archived')}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'openPullRequests',
      header: t('github.col.openPullRequests'),
      sortable: true,
      align: 'end',
      cell: (r) => formatNumber(r.openPullRequests, locale),
    },
    {
      key: 'pushedAt',
      header: t('github.col.pushedAt'),
      sortable: true,
      align: 'end',
      minWidth: '128px',
      cell: (r) => (r.pushedAt ? formatDateShort(r.pushedAt, dateLocale) : t('github.neverPushed')),
    },
  ];
  const caption = t('github.repositories', { count: formatNumber(lines.length, locale) });
  return (
    <div className={styles.body}>
      <ul className={styles.organisations} aria-label={t('github.organisations')}>
        {groups.map((group) => (
          <li key={group.login} className={styles.organisation}>
            {/* Initials, unless the host serves the organisation's image itself (never GitHub's). */}
            <Avatar
              name={group.organisation?.name ?? group.login}
              {...(group.organisation?.avatarUrl ? { src: group.organisation.avatarUrl } : {})}
              shape="square"
              size={40}
              decorative
            />
            <span className={styles.organisationText}>
              {group.organisation ? (
                <Link href={group.organisation.url} newTabLabel={t('frame.newTab')}>
                  {group.organisation.name ?? group.login}
                </Link>
              ) : (
                <span>{group.login}</span>
              )}
              <span className={styles.muted}>
                {t('github.organisationRepos', {
                  login: group.login,
                  count: formatNumber(group.repositories.length, locale),
                })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        <h3 className={styles.heading}>{caption}</h3>
        <CsvButton
          what={caption}
          fileName={csvFileName(projectKey, 'github-repositories')}
          build={() => ({
            header: [
              t('github.col.repository'),
              t('github.col.organisation'),
              t('github.col.language'),
              t('github.col.visibility'),
              t('github.archived'),
              t('github.col.openPullRequests'),
              t('github.col.pushedAt'),
              t('github.col.url'),
            ],
            rows: tableRows(
              lines,
              columns,
              sort,
              (r) => [
                r.fullName,
                r.organisationName,
                r.language,
                visibility(r),
                r.archived,
                r.openPullRequests,
                r.pushedAt,
                r.url,
              ],
              locale,
            ),
          })}
        />
      </div>
      <Table
        caption={caption}
        captionHidden
        columns={columns}
        rows={lines}
        getRowId={(r) => r.id}
        sort={sort}
        onSortChange={setSort}
        {...(lines.length > PAGE_SIZE ? { pageSize: PAGE_SIZE } : {})}
        empty={t('github.noRepositories')}
        labels={tableLabels}
      />
    </div>
  );
}

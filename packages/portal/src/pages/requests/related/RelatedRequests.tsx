import type { RequestListQuery, RequestSummary } from '@client-portal/api-client/requests';
import { Badge, Card, Link, Skeleton, visuallyHidden } from '@client-portal/ui';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { useCrm } from '../../../data/PortalData.js';
import { requestLinks } from '../../../i18n/en/requestLinks.js';
import { addEnglish } from '../../../i18n/english.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { labelMessage, labelTone, OPEN_LABELS } from '../requestLabels.js';
import { listHref, newRequestHref, requestHref } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import { useRequestList } from '../useRequestsApi.js';

addEnglish(requestLinks);

// Requests where what they concern is shown: on a subscription's row (dashboard), on the project
// page and on a talent's card. Loaded lazily by those pages, so their first render does not wait
// for (or carry) the requests' code. Every place reads the same query: one call per page.

/** Every open request the caller may see in the company (the host's page limit). */
const OPEN_QUERY: RequestListQuery = {
  scope: 'company',
  status: OPEN_LABELS.join(','),
  page: '1',
  pageSize: '100',
};

function useOpenRequests() {
  return useRequestList(OPEN_QUERY);
}

/** Internal link through the portal's router, styled as the kit's link. */
function PortalLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    <RouterLink href={href} asChild>
      <Link href={href} aria-label={label}>
        {children}
      </Link>
    </RouterLink>
  );
}

/** A subscription's row: how many open requests concern it (a link to them) and "Request a change". */
export function SubscriptionRequests({ subscriptionId, name }: { subscriptionId: string; name: string }) {
  const { t, locale } = useI18n();
  const open = useOpenRequests();
  const count = (open.data?.items ?? []).filter((r) => r.subscriptionId === subscriptionId).length;
  return (
    <span className={styles.cellStack}>
      {count > 0 ? (
        <PortalLink href={listHref({ scope: 'company', subscriptionId })}>
          {t('requestLinks.open', { count: count.toLocaleString(locale) })}
        </PortalLink>
      ) : null}
      <PortalLink
        href={newRequestHref({ type: 'change_of_scope', subscriptionId })}
        label={t('requestLinks.requestChangeFor', { name })}
      >
        {t('requestLinks.requestChange')}
      </PortalLink>
    </span>
  );
}

/** The CRM id of a project, by its Jira key or its name (what the analytics and talent show). */
function useProjectId(match: { key?: string | undefined; name?: string | undefined }): string | undefined {
  const crm = useCrm();
  return crm.data?.hubspot.projects.find(
    (p) => (match.key && p.jiraKey === match.key) || (match.name && p.name === match.name),
  )?.id;
}

function RequestLines({ requests }: { requests: readonly RequestSummary[] }) {
  const { t } = useI18n();
  return (
    <ul className={styles.fileList}>
      {requests.map((r) => (
        <li key={r.id} className={styles.fileRow}>
          <RouterLink href={requestHref(r.key)} dir="auto">
            {r.title}
          </RouterLink>
          <Badge size="sm" tone={labelTone(r.label)}>
            {t(labelMessage(r.label))}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The project page: its open requests, and a link to file one about it. */
export function ProjectRequests({ projectKey }: { projectKey: string }) {
  const { t } = useI18n();
  const projectId = useProjectId({ key: projectKey });
  const open = useOpenRequests();
  const requests = (open.data?.items ?? []).filter((r) => projectId && r.projectId === projectId);
  let body: ReactNode;
  if (open.isPending) {
    body = (
      <div aria-busy="true">
        <span role="status" className={visuallyHidden}>
          {t('requestLinks.loading')}
        </span>
        <Skeleton height={20} width="60%" />
      </div>
    );
  } else if (open.error) {
    body = <p className={styles.muted}>{t('requestLinks.error')}</p>;
  } else if (requests.length === 0) {
    body = <p className={styles.muted}>{t('requestLinks.none')}</p>;
  } else {
    body = <RequestLines requests={requests} />;
  }
  return (
    <Card as="section" title={t('requestLinks.title')} headingLevel={2}>
      <div className={styles.stack}>
        {body}
        <div className={styles.actions}>
          <PortalLink href={newRequestHref(projectId ? { projectId } : {})}>
            {t('requestLinks.new')}
          </PortalLink>
          {projectId && requests.length > 0 ? (
            <PortalLink href={listHref({ scope: 'company', projectId })}>{t('requestLinks.all')}</PortalLink>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** A talent's card: the open talent requests of their project, and "Request a replacement". */
export function TalentRequests({ projectName }: { projectName: string }) {
  const { t } = useI18n();
  const projectId = useProjectId({ name: projectName });
  const open = useOpenRequests();
  if (!projectId) return null;
  const requests = (open.data?.items ?? []).filter(
    (r) => r.type === 'talent_request' && r.projectId === projectId,
  );
  return (
    <div className={styles.stack}>
      {requests.length > 0 ? (
        <div className={styles.field}>
          <span className={styles.label}>{t('requestLinks.talentTitle')}</span>
          <RequestLines requests={requests} />
        </div>
      ) : null}
      <div>
        <PortalLink href={newRequestHref({ type: 'talent_request', projectId })}>
          {t('requestLinks.replacement')}
        </PortalLink>
      </div>
    </div>
  );
}

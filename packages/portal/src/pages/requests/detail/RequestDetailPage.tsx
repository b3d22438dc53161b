import { isRequestError } from '@client-portal/api-client';
import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import {
  Button,
  createPortalToaster,
  Dialog,
  EmptyState,
  Icon,
  Skeleton,
  Toaster,
  visuallyHidden,
} from '@client-portal/ui';
import { ArrowLeft, FileQuestionMark } from 'lucide-react';
import { useCallback, useContext, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { addEnglish } from '../../../i18n/english.js';
import { requestDetail } from '../../../i18n/en/requestDetail.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { LoadError } from '../../LoadError.js';
import { usePageTitle } from '../../usePageTitle.js';
import { RequestsToasterContext } from '../requestsToaster.js';
import { useRequest, useRequestMeta } from '../useRequestsApi.js';
import { AttachmentsPanel } from './AttachmentsPanel.js';
import { ChangeNoticeBar } from './ChangeNoticeBar.js';
import { HistoryDisclosure } from './HistoryDisclosure.js';
import { ParticipantsPanel } from './ParticipantsPanel.js';
import { RequestBody } from './RequestBody.js';
import { type Draft, RequestComposer } from './RequestComposer.js';
import { RequestHeader } from './RequestHeader.js';
import { RequestTimeline } from './RequestTimeline.js';
import { StaffControls } from './StaffControls.js';
import { useAttachmentFiles } from './useAttachmentFiles.js';
import { useChangeFeedback } from './useChangeFeedback.js';
import * as styles from './RequestDetailPage.css.js';

addEnglish(requestDetail);

function BackToList() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  return (
    <Button
      variant="ghost"
      tone="neutral"
      size="sm"
      className={styles.back}
      iconStart={<Icon icon={ArrowLeft} size="sm" />}
      onClick={() => navigate('/requests')}
    >
      {t('requestPage.back')}
    </Button>
  );
}

/** While the request loads: its key as the title, placeholders where its parts will be. */
function RequestLoading({ requestKey }: { requestKey: string }) {
  const { t } = useI18n();
  return (
    <div className={styles.page}>
      <BackToList />
      <header className={styles.header}>
        <p className={styles.keyLine}>{requestKey}</p>
        <h1 className={styles.title}>{requestKey}</h1>
      </header>
      <div aria-busy="true" className={styles.skeleton}>
        <span className={visuallyHidden} role="status">
          {t('requestPage.loading')}
        </span>
        <Skeleton height="72px" />
        <div className={styles.layout}>
          <div className={styles.column}>
            <Skeleton height="160px" />
            <Skeleton height="240px" />
          </div>
          <div className={styles.column}>
            <Skeleton height="120px" />
            <Skeleton height="120px" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** 404: unknown, another company's, or not shared with the caller; the host never says which. */
function RequestNotShared() {
  const { t } = useI18n();
  return (
    <div className={styles.page}>
      <BackToList />
      <h1 className={styles.title}>{t('requestPage.notFound.title')}</h1>
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={FileQuestionMark} size="lg" />}
        title={t('requestPage.notFound.heading')}
        description={t('requestPage.notFound.body')}
      />
      <RouterLink href="/requests">{t('requestPage.notFound.list')}</RouterLink>
    </div>
  );
}

/** The request on screen, with everything the caller may do to it. */
function RequestView({
  request,
  meta,
  reload,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  reload: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  // The section's toaster (its notices outlive the page, e.g. "ACME-42 was submitted"); a page
  // rendered on its own has one of its own.
  const section = useContext(RequestsToasterContext);
  const [own] = useState(() => (section ? null : createPortalToaster({ placement: 'top-end' })));
  const toaster = section ?? (own as NonNullable<typeof own>);
  const host = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft>({ text: '', internal: false });
  const feedback = useChangeFeedback(toaster, reload);
  const files = useAttachmentFiles(request.key, toaster, host);
  const now = new Date();
  return (
    <div ref={host} className={styles.page}>
      <BackToList />
      <RequestHeader request={request} meta={meta} now={now} />
      <ChangeNoticeBar
        notice={feedback.notice}
        reloading={feedback.reloading}
        onReload={() => void feedback.reloadNow()}
        onDismiss={feedback.clear}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          <RequestBody request={request} meta={meta} />
          <RequestTimeline request={request} files={files} />
          <RequestComposer
            request={request}
            meta={meta}
            draft={draft}
            onDraft={setDraft}
            box={box}
            onFailure={feedback.fail}
          />
        </div>
        <div className={styles.column}>
          <ParticipantsPanel request={request} meta={meta} onFailure={feedback.fail} />
          <AttachmentsPanel request={request} meta={meta} files={files} onFailure={feedback.fail} />
          {request.can.triage ? (
            <StaffControls request={request} meta={meta} onFailure={feedback.fail} />
          ) : null}
          {request.can.readHistory ? <HistoryDisclosure requestKey={request.key} /> : null}
        </div>
      </div>
      <Dialog
        open={files.preview !== null}
        onOpenChange={(open) => {
          if (!open) files.closePreview();
        }}
        size="lg"
        closeLabel={t('requestPage.dialog.close')}
        title={files.preview?.name ?? ''}
      >
        {files.preview ? (
          <img className={styles.previewImage} src={files.preview.url} alt={files.preview.name} />
        ) : null}
      </Dialog>
      {own ? <Toaster toaster={own} closeLabel={t('requestPage.toastClose')} /> : null}
    </div>
  );
}

/**
 * One request (`/requests/:key`): its header, description and fields, timeline, the reply box and
 * the actions open to the caller, participants, files, and for staff the triage controls and the
 * history. Loading, "not shared with you" (404) and a failed load have their own states.
 */
export default function RequestDetailPage({ requestKey }: { requestKey: string }) {
  const { t } = useI18n();
  const request = useRequest(requestKey);
  const meta = useRequestMeta();
  usePageTitle(request.data ? `${request.data.key} · ${request.data.title}` : requestKey);
  const { refetch } = request;
  const reload = useCallback(() => refetch({ throwOnError: false }), [refetch]);

  if (request.error && isRequestError(request.error) && [400, 404].includes(request.error.status))
    return <RequestNotShared />;
  if (request.data) return <RequestView request={request.data} meta={meta.data} reload={reload} />;
  if (request.error) {
    return (
      <div className={styles.page}>
        <BackToList />
        <h1 className={styles.title}>{requestKey}</h1>
        <LoadError
          title={t('requestPage.error.title')}
          message={t('requestPage.error.body')}
          error={request.error}
          onRetry={() => void request.refetch()}
          retrying={request.isFetching}
        />
      </div>
    );
  }
  return <RequestLoading requestKey={requestKey} />;
}

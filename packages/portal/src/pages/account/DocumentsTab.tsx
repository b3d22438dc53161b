import type { DocumentCategory, PortalDocument } from '@client-portal/api-client';
import {
  Button,
  EmptyState,
  Icon,
  type PortalToaster,
  Table,
  type TableColumn,
  type TableLabels,
  visuallyHidden,
} from '@client-portal/ui';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText, Files } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { usePortalData } from '../../data/PortalData.js';
import { dateLocaleFor } from '../../i18n/dates.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import { formatDateShort } from '../../lib/dates.js';
import * as styles from './AccountPage.css.js';
import { fileFormatOf } from './fileFormat.js';
import { formatFileSize } from './fileSize.js';
import { useTableLabels } from '../../panels/useTableLabels.js';
import { useDocumentDownload } from './useDocumentDownload.js';

export const DOCUMENTS_PAGE_SIZE = 10;

const CATEGORY_LABELS: Record<DocumentCategory, MessageKey> = {
  contract: 'page.account.category.contract',
  'statement-of-work': 'page.account.category.statementOfWork',
  invoice: 'page.account.category.invoice',
  report: 'page.account.category.report',
  policy: 'page.account.category.policy',
  other: 'page.account.category.other',
};

/** The documents query, shared by the tab (its table) and the page (the tab's busy state). */
export function useDocuments() {
  const { queries } = usePortalData();
  return useQuery(queries.documents());
}

/** The company's documents: sortable, paged, each downloadable through a short-lived signed URL. */
export function DocumentsTab({ toaster }: { toaster: PortalToaster }) {
  const { t, locale } = useI18n();
  const documents = useDocuments();
  const host = useRef<HTMLDivElement>(null);
  const { download, pending } = useDocumentDownload(toaster, host);

  const columns = useMemo<TableColumn<PortalDocument>[]>(() => {
    const dateLocale = dateLocaleFor(locale);
    const category = (row: PortalDocument) => t(CATEGORY_LABELS[row.category]);
    return [
      {
        key: 'name',
        header: t('page.account.documents.name'),
        rowHeader: true,
        sortable: true,
        minWidth: '224px',
        cell: (row) => {
          const details = [fileFormatOf(row.contentType, row.name), row.description].filter(Boolean);
          return (
            <span className={styles.fileName}>
              <Icon icon={FileText} size="sm" className={styles.fileIcon} />
              <span className={styles.fileText}>
                {/* File names and notes are in any language: each keeps its own direction (isolated, aligned with the column). */}
                <span className={styles.fileTitle}>
                  <bdi>{row.name}</bdi>
                </span>
                {details.length > 0 ? (
                  <span className={styles.muted}>
                    <bdi>{details.join(' · ')}</bdi>
                  </span>
                ) : null}
              </span>
            </span>
          );
        },
      },
      {
        key: 'category',
        header: t('page.account.documents.category'),
        sortable: true,
        sortValue: category,
        cell: category,
      },
      {
        key: 'size',
        header: t('page.account.documents.size'),
        sortable: true,
        align: 'end',
        width: '112px',
        sortValue: (row) => row.sizeBytes,
        cell: (row) => formatFileSize(row.sizeBytes, locale),
      },
      {
        key: 'date',
        header: t('page.account.documents.date'),
        sortable: true,
        align: 'end',
        width: '128px',
        sortValue: (row) => Date.parse(row.createdAt),
        cell: (row) => formatDateShort(row.createdAt, dateLocale) || '-',
      },
      {
        key: 'download',
        header: <span className={visuallyHidden}>{t('page.account.documents.download')}</span>,
        align: 'end',
        width: '144px',
        cell: (row) => (
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            iconStart={<Icon icon={Download} size="sm" />}
            loading={pending.has(row.id)}
            aria-label={t('page.account.documents.downloadName', { name: row.name })}
            onClick={() => download(row)}
          >
            {t('page.account.documents.download')}
          </Button>
        ),
      },
    ];
  }, [t, locale, pending, download]);

  const tableLabels = useTableLabels();
  const labels = useMemo<Partial<TableLabels>>(
    () => ({
      ...tableLabels,
      loading: t('page.account.documents.loading'),
      error: t('page.account.documents.error'),
    }),
    [t, tableLabels],
  );

  const failed = documents.isError && !documents.data;
  return (
    <div ref={host} className={styles.documents}>
      {/* The outline under the page's h1: the table's own states (empty, error) are h3s. */}
      <h2 className={visuallyHidden}>{t('page.account.documents.caption')}</h2>
      <Table
        columns={columns}
        rows={documents.data?.documents ?? []}
        getRowId={(row) => row.id}
        caption={t('page.account.documents.caption')}
        captionHidden
        defaultSort={{ key: 'date', direction: 'desc' }}
        pageSize={DOCUMENTS_PAGE_SIZE}
        minWidth="704px"
        loading={documents.isPending}
        error={failed ? documents.error : undefined}
        onRetry={() => void documents.refetch()}
        retrying={failed && documents.isFetching}
        empty={
          <EmptyState
            size="sm"
            headingLevel={3}
            icon={<Icon icon={Files} size="lg" />}
            title={t('page.account.documents.empty')}
            description={t('page.account.documents.emptyBody')}
          />
        }
        labels={labels}
      />
    </div>
  );
}

'use client';

import { Pagination } from '@ark-ui/react/pagination';
import type { TableLabels } from './Table.js';
import * as styles from './Table.css.js';
import type { PageRange } from './sortAndPage.js';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Icon } from '../Icon/index.js';

function Chevron({ to }: { to: 'start' | 'end' }) {
  return <Icon icon={to === 'start' ? ChevronLeft : ChevronRight} size="sm" className={styles.chevron} />;
}

export interface TableFooterProps {
  labels: TableLabels;
  format: (n: number) => string;
  /** The pager and the "Showing" summary, or null for none. */
  view: PageRange | null;
  onPageChange: (page: number) => void;
  /** The selected-row count (selectable tables), or null. */
  selectedCount: number | null;
  captionId: string;
  pagerLabelId: string;
}

/**
 * Under the table: the selected count and the range summary (live regions, so changes are
 * announced) and the Ark UI pager.
 */
export function TableFooter({
  labels,
  format,
  view,
  onPageChange,
  selectedCount,
  captionId,
  pagerLabelId,
}: TableFooterProps) {
  const selected = selectedCount ? labels.selected({ count: selectedCount, format }) : '';
  return (
    <div className={styles.footer}>
      <p className={styles.summary}>
        {selectedCount !== null && <span role="status">{selected}</span>}
        {selected && view && <span aria-hidden="true"> · </span>}
        {view && <span role="status">{labels.showing({ ...view, format })}</span>}
      </p>
      {view && (
        <>
          <span id={pagerLabelId} hidden>
            {labels.pagination}
          </span>
          <Pagination.Root
            className={styles.pagerRoot}
            aria-labelledby={`${pagerLabelId} ${captionId}`}
            count={view.total}
            pageSize={view.pageSize}
            page={view.page}
            siblingCount={1}
            onPageChange={(details) => onPageChange(details.page)}
            translations={{
              rootLabel: labels.pagination,
              prevTriggerLabel: labels.previousPage,
              nextTriggerLabel: labels.nextPage,
              itemLabel: labels.page,
            }}
          >
            <Pagination.PrevTrigger className={styles.pagerTrigger}>
              <Chevron to="start" />
            </Pagination.PrevTrigger>
            <Pagination.Context>
              {(api) =>
                api.pages.map((item, i) =>
                  item.type === 'page' ? (
                    <Pagination.Item key={`p${item.value}`} {...item} className={styles.pagerItem}>
                      {format(item.value)}
                    </Pagination.Item>
                  ) : (
                    <Pagination.Ellipsis key={`e${i}`} index={i} className={styles.pagerEllipsis}>
                      …
                    </Pagination.Ellipsis>
                  ),
                )
              }
            </Pagination.Context>
            <Pagination.NextTrigger className={styles.pagerTrigger}>
              <Chevron to="end" />
            </Pagination.NextTrigger>
          </Pagination.Root>
        </>
      )}
    </div>
  );
}

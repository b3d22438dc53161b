import type { ChartBaseProps, ChartData } from '@client-portal/ui';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './AiUsagePanel.css.js';
import { CsvButton } from '../CsvButton.js';
import { csvFileName } from '../../lib/csv.js';
import { chartRows } from './exportRows.js';
import { chartLabels } from './usageText.js';

/**
 * A chart under its heading with a CSV export of exactly its values (one row per label). The chart
 * itself comes from `render`, which receives the shared props (data, title, labels, axis format).
 */
export function ChartBlock({
  title,
  description,
  labelHeader,
  fileName,
  data,
  formatLabel,
  headingLevel = 3,
  render,
}: {
  title: string;
  description?: string;
  labelHeader: string;
  fileName: readonly string[];
  data: ChartData;
  formatLabel?: (label: string) => string;
  headingLevel?: 3 | 4;
  render: (props: ChartBaseProps) => ReactNode;
}) {
  const i18n = useI18n();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const csv = chartRows(data);
  return (
    <div className={styles.block}>
      <div className={styles.blockHead}>
        <Heading className={styles.blockTitle}>{title}</Heading>
        <CsvButton
          what={title}
          fileName={csvFileName(...fileName)}
          build={() => ({
            header: csv.header(labelHeader),
            rows: csv.rows,
          })}
        />
      </div>
      {description ? <p className={styles.note}>{description}</p> : null}
      {render({
        data,
        title,
        labels: chartLabels(i18n, labelHeader),
        ...(formatLabel ? { formatLabel: (label: string) => formatLabel(label) } : {}),
      })}
    </div>
  );
}

import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { Card } from '@client-portal/ui';
import { Link as RouterLink } from 'wouter';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { formatNumber } from '../../../lib/figures.js';
import { dayText } from './formatting.js';
import { fieldRows } from './requestFacts.js';
import * as styles from './RequestDetailPage.css.js';
import { fieldName, optionName } from '../typeWords.js';

/** "Adds 120 hours to Platform Squad: 64 hours left → 184", or without the hours left when unknown. */
export function useHoursSentence(hours: RequestDetail['hours']): string | null {
  const { t, locale } = useI18n();
  if (!hours) return null;
  const values = {
    hours: formatNumber(Math.abs(hours.delta), locale),
    subscription: hours.subscriptionName,
    before: hours.hoursLeft === null ? '' : formatNumber(hours.hoursLeft, locale),
    after: hours.hoursLeftAfter === null ? '' : formatNumber(hours.hoursLeftAfter, locale),
  };
  const known = hours.hoursLeft !== null && hours.hoursLeftAfter !== null;
  if (hours.delta < 0)
    return t(known ? 'requestPage.hours.removes' : 'requestPage.hours.removesPlain', values);
  return t(known ? 'requestPage.hours.adds' : 'requestPage.hours.addsPlain', values);
}

/** The request itself: its description, the type's fields, what a change of hours does, the linked request. */
export function RequestBody({ request, meta }: { request: RequestDetail; meta: RequestMeta | undefined }) {
  const { t, locale } = useI18n();
  const rows = fieldRows(request, meta?.types ?? []);
  const hours = useHoursSentence(request.hours);
  return (
    <Card title={t('requestPage.details')} headingLevel={2}>
      {request.description ? (
        <p className={styles.description} dir="auto">
          {request.description}
        </p>
      ) : (
        <p className={styles.hint}>{t('requestPage.noDescription')}</p>
      )}
      {rows.length > 0 ? (
        <dl className={styles.fieldList}>
          {rows.map((row) => (
            <div key={row.name} className={styles.fieldRow}>
              <dt>{fieldName(t, row.name, row.label)}</dt>
              <dd dir="auto">
                {row.kind === 'date'
                  ? dayText(String(row.value), locale) || String(row.value)
                  : row.kind === 'number' && typeof row.value === 'number'
                    ? formatNumber(row.value, locale)
                    : row.kind === 'select'
                      ? optionName(t, String(row.value))
                      : String(row.value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {hours ? <p className={styles.callout}>{hours}</p> : null}
      {request.linkedRequestKey ? (
        <p className={styles.callout}>
          {t('requestPage.linked')}{' '}
          <RouterLink href={`/requests/${encodeURIComponent(request.linkedRequestKey)}`}>
            {request.linkedRequestKey}
          </RouterLink>
        </p>
      ) : null}
    </Card>
  );
}

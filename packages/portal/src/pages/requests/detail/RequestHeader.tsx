import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { Badge } from '@client-portal/ui';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { dateLocaleFor } from '../../../i18n/dates.js';
import { relativeDayPhrase } from '../../../lib/checkInProgress.js';
import { dayText } from './formatting.js';
import { DUE_TONES, LABEL_TONES } from './requestFacts.js';
import * as styles from './RequestDetailPage.css.js';
import { typeName } from '../typeWords.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

/** A date-only 'YYYY-MM-DD' as that day at local midnight (what the relative phrase counts from). */
const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
};

/**
 * The request's key, title and status (the customer's label; staff also see the internal status),
 * then its facts: type, priority, due date and due state, next check-in ("In 12 days"), who it
 * waits on, requester, assignee.
 */
export function RequestHeader({
  request,
  meta,
  now,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  now: Date;
}) {
  const { t, locale } = useI18n();
  const staff = meta?.staff ?? request.status !== undefined;
  const waiting =
    request.waitingOn === 'customer'
      ? staff
        ? t('requestPage.waiting.customer')
        : t('requestPage.waiting.you')
      : staff
        ? t('requestPage.waiting.us')
        : t('requestPage.waiting.provider');
  return (
    <header className={styles.header}>
      <p className={styles.keyLine}>
        <span>{request.key}</span>
        <Badge tone={LABEL_TONES[request.label]}>{t(`requestPage.label.${request.label}`)}</Badge>
        {request.status ? (
          <Badge tone="neutral" variant="outline">
            {t('requestPage.internalStatus', { status: t(`requestPage.status.${request.status}`) })}
          </Badge>
        ) : null}
      </p>
      <h1 className={styles.title} dir="auto">
        {request.title}
      </h1>
      <dl className={styles.facts}>
        <Fact label={t('requestPage.fact.type')}>{typeName(t, request.type, request.typeLabel)}</Fact>
        <Fact label={t('requestPage.fact.priority')}>{t(`requestPage.priority.${request.priority}`)}</Fact>
        <Fact label={t('requestPage.fact.due')}>
          {request.dueAt ? (
            <>
              <span>{dayText(request.dueAt, locale)}</span>
              {request.dueState ? (
                <Badge size="sm" tone={DUE_TONES[request.dueState]}>
                  {t(`requestPage.due.${request.dueState}`)}
                </Badge>
              ) : null}
            </>
          ) : (
            t('requestPage.none')
          )}
        </Fact>
        <Fact label={t('requestPage.fact.checkIn')}>
          {request.nextCheckIn ? (
            <time dateTime={request.nextCheckIn} title={dayText(request.nextCheckIn, locale)}>
              {relativeDayPhrase(localDay(request.nextCheckIn), now, dateLocaleFor(locale))}
            </time>
          ) : (
            t('requestPage.none')
          )}
        </Fact>
        <Fact label={t('requestPage.fact.waitingOn')}>{waiting}</Fact>
        <Fact label={t('requestPage.fact.requester')}>{request.requester.name}</Fact>
        <Fact label={t('requestPage.fact.assignee')}>
          {request.assignee ? request.assignee.name : t('requestPage.unassigned')}
        </Fact>
        <Fact label={t('requestPage.fact.created')}>{dayText(request.createdAt, locale)}</Fact>
      </dl>
    </header>
  );
}

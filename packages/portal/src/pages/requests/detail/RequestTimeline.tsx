import type { RequestDetail, RequestTimelineEntry } from '@client-portal/api-client/requests';
import { Badge, Card, Icon } from '@client-portal/ui';
import { Lock } from 'lucide-react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import type { MessageKey } from '../../../i18n/messages.en.js';
import { AttachmentItem } from './AttachmentItem.js';
import { actorText, momentText } from './formatting.js';
import { statusChange } from './requestFacts.js';
import type { AttachmentFiles } from './useAttachmentFiles.js';
import * as styles from './RequestDetailPage.css.js';

type EventEntry = Extract<RequestTimelineEntry, { kind: 'event' }>;

const STATUS_NAMES = new Set([
  'submitted',
  'triaged',
  'in_progress',
  'waiting_on_customer',
  'awaiting_approval',
  'resolved',
  'closed',
  'cancelled',
  'waiting_for_you',
]);

/** A status or label name in words; null for one the portal does not know. */
function useStatusWord() {
  const { t } = useI18n();
  return (name: string) => {
    if (!STATUS_NAMES.has(name)) return null;
    return name === 'waiting_for_you'
      ? t('requestPage.label.waiting_for_you')
      : t(`requestPage.status.${name}` as MessageKey);
  };
}

/** An event as a sentence: "Alex Rivera for Northwind Logistics changed the status from Submitted to In progress." */
function EventSentence({ entry }: { entry: EventEntry }) {
  const { t } = useI18n();
  const word = useStatusWord();
  const actor = actorText(t, entry.actor, entry.onBehalfOf);
  const change = statusChange(entry);
  const from = change ? word(change.from) : null;
  const to = change ? word(change.to) : null;
  switch (entry.event) {
    case 'created':
      return <>{entry.actor ? t('requestPage.event.created', { actor }) : t('requestPage.event.opened')}</>;
    case 'status':
      if (from && to) return <>{t('requestPage.event.status', { actor, from, to })}</>;
      break;
    case 'approved':
      return <>{t('requestPage.event.approved', { actor })}</>;
    case 'reopened':
      return <>{t('requestPage.event.reopened', { actor })}</>;
    case 'auto_resolved':
      return <>{t('requestPage.event.autoResolved')}</>;
  }
  return <>{t('requestPage.event.other', { actor, text: entry.text })}</>;
}

/**
 * What happened, oldest first: public comments (staff's with "for <company>"), status changes as
 * sentences and files; staff also see internal notes, marked as never shown to the customer.
 */
export function RequestTimeline({ request, files }: { request: RequestDetail; files: AttachmentFiles }) {
  const { t, locale } = useI18n();
  return (
    <Card title={t('requestPage.timeline.title')} headingLevel={2}>
      <ol className={styles.timeline}>
        {request.timeline.map((entry) => {
          const when = (
            <time className={styles.time} dateTime={entry.at}>
              {momentText(entry.at, locale)}
            </time>
          );
          if (entry.kind === 'comment') {
            return (
              <li key={entry.id}>
                <article
                  className={`${styles.entry} ${entry.internal ? styles.internalEntry : ''}`}
                  aria-label={t(
                    entry.internal ? 'requestPage.timeline.noteBy' : 'requestPage.timeline.commentBy',
                    {
                      name: entry.actor.name,
                    },
                  )}
                >
                  <div className={styles.entryHead}>
                    <span className={styles.author}>{actorText(t, entry.actor, entry.onBehalfOf)}</span>
                    {when}
                    {entry.internal ? (
                      <Badge tone="warning" size="sm" icon={<Icon icon={Lock} size="sm" />}>
                        {t('requestPage.timeline.internal')}
                      </Badge>
                    ) : null}
                  </div>
                  <p className={styles.body} dir="auto">
                    {entry.body}
                  </p>
                </article>
              </li>
            );
          }
          if (entry.kind === 'attachment') {
            return (
              <li key={entry.id} className={styles.entry}>
                <div className={styles.entryHead}>
                  <span className={styles.author}>
                    {t('requestPage.timeline.attached', { actor: entry.actor.name })}
                  </span>
                  {when}
                </div>
                <AttachmentItem
                  attachment={
                    request.attachments.find((a) => a.id === entry.attachment.id) ?? entry.attachment
                  }
                  files={files}
                />
              </li>
            );
          }
          return (
            <li key={entry.id} className={`${styles.entry} ${styles.eventEntry}`}>
              <span>
                <EventSentence entry={entry} />
              </span>{' '}
              {when}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

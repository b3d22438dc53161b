import type { RequestDetail, RequestTimelineEntry } from '@client-portal/api-client/requests';
import { Badge, Card, Icon } from '@client-portal/ui';
import { Lock } from 'lucide-react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { AttachmentItem } from './AttachmentItem.js';
import { actorText, momentText } from './formatting.js';
import { eventSentence } from './eventSentence.js';
import type { AttachmentFiles } from './useAttachmentFiles.js';
import * as styles from './RequestDetailPage.css.js';

type EventEntry = Extract<RequestTimelineEntry, { kind: 'event' }>;

/** An event as a sentence: "Alex Rivera for Northwind Logistics changed the status from Submitted to In progress." */
function EventSentence({ entry }: { entry: EventEntry }) {
  const { t, locale } = useI18n();
  return <>{eventSentence(t, locale, entry)}</>;
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

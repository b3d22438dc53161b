import { Badge, Button, Card, Icon, Skeleton, visuallyHidden } from '@client-portal/ui';
import { ChevronDown, ChevronUp, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { LoadError } from '../../LoadError.js';
import { eventSentence } from './eventSentence.js';
import { momentText } from './formatting.js';
import { useRequestHistory } from './useRequestDetail.js';
import * as styles from './RequestDetailPage.css.js';

/**
 * The request's full history (company admin and staff): who, on whose behalf, what, before and
 * after. A disclosure: nothing is loaded until it is opened.
 */
export function HistoryDisclosure({ requestKey }: { requestKey: string }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const history = useRequestHistory(requestKey, open);
  return (
    <Card title={t('requestPage.history.title')} headingLevel={2}>
      <div className={styles.composer}>
        <Button
          size="sm"
          variant="ghost"
          tone="neutral"
          aria-expanded={open}
          aria-controls={`${id}-history`}
          iconStart={<Icon icon={open ? ChevronUp : ChevronDown} size="sm" />}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('requestPage.history.hide') : t('requestPage.history.show')}
        </Button>
        <div id={`${id}-history`} hidden={!open}>
          {!open ? null : history.isPending ? (
            <div aria-busy="true" className={styles.skeleton}>
              <span className={visuallyHidden} role="status">
                {t('requestPage.history.loading')}
              </span>
              <Skeleton shape="text" width="80%" />
              <Skeleton shape="text" width="60%" />
            </div>
          ) : history.error ? (
            <LoadError
              title={t('requestPage.history.error')}
              message={t('requestPage.failed.body')}
              error={history.error}
              onRetry={() => void history.refetch()}
              retrying={history.isFetching}
            />
          ) : history.data.events.length === 0 ? (
            <p className={styles.hint}>{t('requestPage.history.empty')}</p>
          ) : (
            <ol className={styles.list}>
              {history.data.events.map((event) => (
                <li key={event.id} className={styles.fileMeta}>
                  <time dateTime={event.at}>{momentText(event.at, locale)}</time> ·{' '}
                  <span>{eventSentence(t, locale, event)}</span>
                  {event.internal ? (
                    <>
                      {' '}
                      <Badge tone="warning" size="sm" icon={<Icon icon={Lock} size="sm" />}>
                        {t('requestPage.history.internal')}
                      </Badge>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Card>
  );
}

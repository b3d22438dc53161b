import { EmptyState, Icon } from '@client-portal/ui';
import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
import type { MessageKey } from '../i18n/messages.en.js';
import * as styles from './pages.css.js';

/** A page: its title (the page's one h1) and content. */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

/**
 * A section whose content arrives with the pages issue: the frame around it is real (title,
 * navigation, boundaries), the body says plainly that the section is being prepared.
 */
export function SectionPage({ title }: { title: MessageKey }) {
  const { t } = useI18n();
  return (
    <Page title={t(title)}>
      <EmptyState headingLevel={2} title={t(title)} description={t('page.comingSoon')} />
    </Page>
  );
}

/** An address inside the portal with no page: the kit's one empty / not-found pattern. */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Page title={t('page.notFound.title')}>
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Compass} size="lg" />}
        title={t('page.notFound.title')}
        description={t('page.notFound.body')}
      />
    </Page>
  );
}

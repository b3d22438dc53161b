import { EmptyState, Icon } from '@client-portal/ui';
import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
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

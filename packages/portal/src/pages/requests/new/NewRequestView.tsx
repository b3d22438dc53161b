import { Icon, Link, Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { ArrowLeft } from 'lucide-react';
import { Link as RouterLink, useSearch } from 'wouter';
import { requestForm } from '../../../i18n/en/requestForm.js';
import { addEnglish } from '../../../i18n/english.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { LoadError } from '../../LoadError.js';
import { Page } from '../../Page.js';
import { usePageTitle } from '../../usePageTitle.js';
import { prefillOf, REQUESTS_PATH } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import { useRequestMeta } from '../useRequestsApi.js';
import { NewRequestForm } from './NewRequestForm.js';

addEnglish(requestForm);

/** `/requests/new?type=…&subscriptionId=…&projectId=…`: the form, once the types are known. */
export default function NewRequestView() {
  const { t } = useI18n();
  const title = t('requests.form.title');
  usePageTitle(title);
  const meta = useRequestMeta();
  const search = useSearch();
  let content: React.ReactNode;
  if (meta.isPending) {
    content = (
      <div aria-busy="true" className={styles.stack}>
        <span role="status" className={visuallyHidden}>
          {t('requests.form.loading')}
        </span>
        <Skeleton height="96px" />
        <Skeleton height="44px" />
        <SkeletonText lines={4} />
      </div>
    );
  } else if (meta.error) {
    content = (
      <LoadError
        title={t('requests.form.metaError')}
        message={t('state.error.body')}
        error={meta.error}
        onRetry={() => void meta.refetch()}
        retrying={meta.isFetching}
      />
    );
  } else {
    content = <NewRequestForm meta={meta.data} prefill={prefillOf(search)} />;
  }
  return (
    <Page title={title} lead={t('requests.form.lead')}>
      <div>
        <RouterLink href={REQUESTS_PATH} asChild>
          <Link
            href={REQUESTS_PATH}
            variant="standalone"
            iconStart={<Icon icon={ArrowLeft} size="sm" className={styles.directional} />}
          >
            {t('requests.form.back')}
          </Link>
        </RouterLink>
      </div>
      {content}
    </Page>
  );
}

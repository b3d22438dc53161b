import { Stat } from '@client-portal/ui';
import { useAccountManager, useCrm, useProfile, useVisibleProjects } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import { AccountManagerCard } from './AccountManagerCard.js';
import * as styles from './dashboard.css.js';
import { ProjectsOverview } from './ProjectsOverview.js';
import { SubscriptionsCard } from './SubscriptionsCard.js';
import { dashboard } from '../../i18n/en/dashboard.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(dashboard);

/**
 * The dashboard: active subscriptions per service group, the subscriptions with their terms and
 * renewal check-ins, the account manager, and the visible projects' delivery side by side. Each
 * part loads and fails on its own.
 */
export default function DashboardPage() {
  const { t } = useI18n();
  const title = t('page.dashboard.title');
  usePageTitle(title);
  const profile = useProfile();
  const crm = useCrm();
  const manager = useAccountManager();
  const visible = useVisibleProjects();
  // The CRM call waits for the profile: a failed profile fails the CRM parts too.
  const crmError = profile.error ?? crm.error;
  const crmLoading = !crmError && crm.isPending;
  const retryCrm = () => void (profile.error ? profile.refetch() : crm.refetch());
  const counts = crm.data?.hubspot;
  const count = (value: number | undefined) => ({
    value,
    loading: crmLoading,
    error: crmError ? t('dashboard.subscriptions.error') : undefined,
    onRetry: retryCrm,
    labels: { retry: t('state.retry'), loading: t('state.loading') },
  });
  return (
    <Page title={title} lead={t('page.dashboard.lead')}>
      <div className={styles.top}>
        <ul className={styles.counts} aria-label={t('dashboard.counts.label')}>
          <li>
            <Stat
              label={t('dashboard.counts.premiumTeams')}
              helpText={t('dashboard.counts.help')}
              {...count(counts?.premiumTeamsCount)}
            />
          </li>
          <li>
            <Stat
              label={t('dashboard.counts.staffAug')}
              helpText={t('dashboard.counts.help')}
              {...count(counts?.staffAugCount)}
            />
          </li>
          <li>
            <Stat
              label={t('dashboard.counts.analytics')}
              helpText={t('dashboard.counts.help')}
              {...count(counts?.analyticsCount)}
            />
          </li>
        </ul>
        <AccountManagerCard
          manager={manager.data?.accountManager}
          loading={manager.isPending && !manager.error}
          error={manager.error}
          onRetry={() => void manager.refetch()}
          retrying={manager.isFetching}
        />
      </div>
      <SubscriptionsCard
        crm={crm.data}
        loading={crmLoading}
        error={crmError}
        onRetry={retryCrm}
        retrying={crm.isFetching || profile.isFetching}
      />
      <ProjectsOverview
        projects={visible.projects}
        loading={visible.isPending}
        error={visible.error}
        onRetry={visible.refetch}
      />
    </Page>
  );
}

import { Card, ErrorState, Icon, Link as KitLink, SkeletonText } from '@client-portal/ui';
import { Link } from 'wouter';
import { NAV_ICONS } from '../../frame/navIcons.js';
import { useAccountManager, useProfile, useSession } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import * as styles from './home.css.js';
import { homeSteps } from './homeSteps.js';
import { dashboard } from '../../i18n/en/dashboard.js';
import { home } from '../../i18n/en/home.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(dashboard, home);

/** The first name to greet: the profile's name, else the session's, else none ("Welcome"). */
function firstName(name: string | undefined): string | null {
  const first = name?.trim().split(/\s+/, 1)[0];
  return first ? first : null;
}

/**
 * Home (customers who pass the Home gate): a welcome and an overview of the portal — each section
 * with what it is for, linking to it — and who to talk to. It fetches nothing the frame has not
 * already asked for (session, profile, account manager), so it shows at once.
 */
export default function HomePage() {
  const { t } = useI18n();
  const title = t('page.home.title');
  usePageTitle(title);
  const session = useSession();
  const profile = useProfile();
  const manager = useAccountManager();
  const name = firstName(profile.data?.profile.contact.name ?? session.data?.name);
  const company = profile.data?.profile.company.name;
  return (
    <Page
      title={title}
      lead={
        <>
          {name ? t('home.welcomeName', { name }) : t('home.welcome')}{' '}
          {company ? t('home.leadCompany', { company }) : t('home.lead')}
        </>
      }
    >
      <section className={styles.section} aria-labelledby="home-steps">
        <h2 id="home-steps" className={styles.sectionTitle}>
          {t('home.steps.title')}
        </h2>
        <ol className={styles.steps}>
          {homeSteps().map((step) => (
            <li key={step.id}>
              <Link href={step.href} className={styles.step}>
                <span className={styles.stepIcon} aria-hidden="true">
                  <Icon icon={NAV_ICONS[step.id]} />
                </span>
                <span>
                  <span className={styles.stepTitle}>{t(step.title)}</span>
                  <span className={styles.stepBody}>{t(step.body)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
      <Card as="section" title={t('home.help.title')} headingLevel={2}>
        {manager.error ? (
          <ErrorState
            size="sm"
            headingLevel={3}
            title={t('dashboard.manager.error')}
            onRetry={() => void manager.refetch()}
            retrying={manager.isFetching}
            labels={{ retry: t('state.retry') }}
          />
        ) : manager.isPending ? (
          <div aria-busy="true">
            <SkeletonText lines={2} />
          </div>
        ) : (
          <div className={styles.manager}>
            <p className={styles.managerText}>
              {manager.data?.accountManager
                ? t('home.help.manager', { name: manager.data.accountManager.name })
                : t('home.help.noManager')}
            </p>
            {manager.data?.accountManager?.bookingUrl ? (
              <KitLink
                href={manager.data.accountManager.bookingUrl}
                external
                variant="standalone"
                newTabLabel={t('frame.newTab')}
              >
                {t('dashboard.manager.book')}
              </KitLink>
            ) : (
              <Link href="/knowledge-base" className={styles.managerText}>
                {t('home.help.knowledgeBase')}
              </Link>
            )}
          </div>
        )}
      </Card>
    </Page>
  );
}

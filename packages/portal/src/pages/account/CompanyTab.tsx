import type { Company, Contact, CrmResponse } from '@client-portal/api-client';
import { Card, ErrorState, Link, Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { type ReactNode, useState } from 'react';
import { useCrm, useProfile } from '../../data/PortalData.js';
import { DEFAULT_COMPANY_LOGO } from '../../frame/defaultLogo.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import * as styles from './AccountPage.css.js';
import { websiteOf } from './website.js';

/** One fact of a details list; a missing value says so rather than leaving a gap. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useI18n();
  const given = children !== null && children !== undefined && children !== '';
  return (
    <div className={styles.fact}>
      <dt className={styles.muted}>{label}</dt>
      <dd className={given ? styles.factValue : [styles.factValue, styles.muted].join(' ')}>
        {given ? children : t('page.account.notGiven')}
      </dd>
    </div>
  );
}

/** Skeleton lines where a card's facts will be; the card itself says it is loading. */
function LoadingFacts({ label, lines }: { label: MessageKey; lines: number }) {
  const { t } = useI18n();
  return (
    <div aria-busy="true" className={styles.loadingFacts}>
      <span role="status" className={visuallyHidden}>
        {t(label)}
      </span>
      <SkeletonText lines={lines} />
    </div>
  );
}

function CompanyCard({ company }: { company: Company }) {
  const { t } = useI18n();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logo = company.companyLogo && company.companyLogo !== failedLogo ? company.companyLogo : null;
  const website = websiteOf(company.domain);
  return (
    <Card title={t('page.account.company.title')}>
      <div className={styles.companyHead}>
        {/* Beside the name, so it says nothing more to a screen reader (alt=""). */}
        <img
          className={styles.logo}
          src={logo ?? DEFAULT_COMPANY_LOGO}
          alt=""
          width={48}
          height={48}
          data-logo={logo ? 'company' : 'default'}
          onError={() => setFailedLogo(company.companyLogo)}
        />
        <p className={styles.companyName}>{company.name}</p>
      </div>
      <dl className={styles.facts}>
        <Fact label={t('page.account.company.website')}>
          {website ? (
            <Link href={website.href} external newTabLabel={t('frame.newTab')} className={styles.factLink}>
              <bdi>{website.label}</bdi>
            </Link>
          ) : null}
        </Fact>
        <Fact label={t('page.account.company.customerNumber')}>{company.id}</Fact>
      </dl>
    </Card>
  );
}

function ContactCard({ contact }: { contact: Contact }) {
  const { t } = useI18n();
  const email = contact.email?.trim();
  const phone = contact.phone?.trim();
  return (
    <Card title={t('page.account.contact.title')}>
      <dl className={styles.facts}>
        <Fact label={t('page.account.contact.name')}>{contact.name.trim()}</Fact>
        <Fact label={t('page.account.contact.jobTitle')}>{contact.jobTitle?.trim()}</Fact>
        <Fact label={t('page.account.contact.email')}>
          {email ? (
            <Link href={`mailto:${email}`} className={styles.factLink}>
              <bdi>{email}</bdi>
            </Link>
          ) : null}
        </Fact>
        <Fact label={t('page.account.contact.phone')}>
          {phone ? (
            <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={styles.factLink}>
              <bdi>{phone}</bdi>
            </Link>
          ) : null}
        </Fact>
      </dl>
    </Card>
  );
}

function SubscriptionFacts({ crm }: { crm: CrmResponse }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale);
  const { premiumTeamsCount, staffAugCount, analyticsCount, projects } = crm.hubspot;
  return (
    <dl className={styles.facts}>
      <Fact label={t('page.account.services.premiumTeams')}>{number.format(premiumTeamsCount)}</Fact>
      <Fact label={t('page.account.services.staffAug')}>{number.format(staffAugCount)}</Fact>
      <Fact label={t('page.account.services.analytics')}>{number.format(analyticsCount)}</Fact>
      <Fact label={t('page.account.services.projects')}>{number.format(projects.length)}</Fact>
    </dl>
  );
}

/**
 * The customer's company as the CRM knows it (profile: name, logo, website, customer number), the
 * signed-in contact, and the company's active subscriptions (CRM). The subscriptions load and fail
 * on their own: the company details stay when only they fail.
 */
export function CompanyTab() {
  const { t } = useI18n();
  const profile = useProfile();
  const crm = useCrm();

  if (profile.isError && !profile.data) {
    return (
      <ErrorState
        headingLevel={2}
        title={t('page.account.company.error')}
        details={profile.error.message}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
        labels={{ retry: t('state.retry'), details: t('state.details') }}
      />
    );
  }

  const data = profile.data?.profile;
  const crmFailed = crm.isError && !crm.data;
  return (
    <div className={styles.cards}>
      {data ? (
        <>
          <CompanyCard company={data.company} />
          <ContactCard contact={data.contact} />
        </>
      ) : (
        <>
          <Card title={t('page.account.company.title')}>
            <div className={styles.companyHead}>
              <Skeleton width={48} height={48} />
            </div>
            <LoadingFacts label="page.account.company.loading" lines={3} />
          </Card>
          <Card title={t('page.account.contact.title')}>
            <SkeletonText lines={4} />
          </Card>
        </>
      )}
      <Card title={t('page.account.services.title')}>
        {crm.data ? (
          <SubscriptionFacts crm={crm.data} />
        ) : crmFailed ? (
          <ErrorState
            size="sm"
            title={t('page.account.services.error')}
            details={crm.error.message}
            onRetry={() => void crm.refetch()}
            retrying={crm.isFetching}
            labels={{ retry: t('state.retry'), details: t('state.details') }}
          />
        ) : (
          <LoadingFacts label="page.account.services.loading" lines={4} />
        )}
      </Card>
    </div>
  );
}

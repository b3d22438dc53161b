import type { Company, Contact } from '@client-portal/api-client';
import { Card, ErrorState, Link, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { type ReactNode, useState } from 'react';
import { useProfile } from '../../data/PortalData.js';
import { DEFAULT_COMPANY_LOGO } from '../../frame/defaultLogo.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { websiteOf } from '../account/website.js';
// The Account page's Company tab lays out the same facts: one look for both.
import * as facts from '../account/AccountPage.css.js';
import * as styles from './ProfileSettingsPage.css.js';

/** One fact of a details list; a missing value says so rather than leaving a gap. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useI18n();
  const given = children !== null && children !== undefined && children !== '';
  return (
    <div className={facts.fact}>
      <dt className={facts.muted}>{label}</dt>
      <dd className={given ? facts.factValue : [facts.factValue, facts.muted].join(' ')}>
        {given ? children : t('page.profile.notGiven')}
      </dd>
    </div>
  );
}

function YourDetails({ contact }: { contact: Contact }) {
  const { t } = useI18n();
  const email = contact.email?.trim();
  const phone = contact.phone?.trim();
  return (
    <dl className={facts.facts}>
      <Fact label={t('page.profile.you.name')}>
        {contact.name.trim() ? <bdi>{contact.name.trim()}</bdi> : null}
      </Fact>
      <Fact label={t('page.profile.you.jobTitle')}>{contact.jobTitle?.trim()}</Fact>
      <Fact label={t('page.profile.you.email')}>
        {email ? (
          <Link href={`mailto:${email}`}>
            <bdi>{email}</bdi>
          </Link>
        ) : null}
      </Fact>
      <Fact label={t('page.profile.you.phone')}>
        {phone ? (
          <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            <bdi>{phone}</bdi>
          </Link>
        ) : null}
      </Fact>
    </dl>
  );
}

function YourCompany({ company }: { company: Company }) {
  const { t } = useI18n();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logo = company.companyLogo && company.companyLogo !== failedLogo ? company.companyLogo : null;
  const website = websiteOf(company.domain);
  return (
    <>
      <div className={facts.companyHead}>
        {/* Beside the name, so it says nothing more to a screen reader (alt=""). */}
        <img
          className={facts.logo}
          src={logo ?? DEFAULT_COMPANY_LOGO}
          alt=""
          width={48}
          height={48}
          onError={() => setFailedLogo(company.companyLogo)}
        />
        <p className={facts.companyName}>
          <bdi>{company.name}</bdi>
        </p>
      </div>
      <dl className={facts.facts}>
        <Fact label={t('page.profile.company.website')}>
          {website ? (
            <Link href={website.href} external newTabLabel={t('frame.newTab')}>
              <bdi>{website.label}</bdi>
            </Link>
          ) : null}
        </Fact>
        <Fact label={t('page.profile.company.customerNumber')}>{company.id}</Fact>
      </dl>
    </>
  );
}

function Loading() {
  const { t } = useI18n();
  return (
    <div aria-busy="true" className={facts.loadingFacts}>
      <span role="status" className={visuallyHidden}>
        {t('page.profile.loading')}
      </span>
      <SkeletonText lines={4} />
    </div>
  );
}

/**
 * The signed-in user and their company, as the CRM knows them (read-only here: the CRM is where
 * they change).
 */
export function ProfileDetails() {
  const { t } = useI18n();
  const profile = useProfile();
  if (profile.isError && !profile.data) {
    return (
      <ErrorState
        headingLevel={2}
        title={t('page.profile.error')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
        labels={{ retry: t('state.retry') }}
      />
    );
  }
  const data = profile.data?.profile;
  return (
    <div className={styles.details}>
      <div className={facts.cards}>
        <Card title={t('page.profile.you.title')}>
          {data ? <YourDetails contact={data.contact} /> : <Loading />}
        </Card>
        <Card title={t('page.profile.company.title')}>
          {data ? <YourCompany company={data.company} /> : <Loading />}
        </Card>
      </div>
      {data ? <p className={styles.muted}>{t('page.profile.fromCrm')}</p> : null}
    </div>
  );
}

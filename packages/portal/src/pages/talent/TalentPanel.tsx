import { defaultSortValue, EmptyState, Icon, sortAndPage } from '@client-portal/ui';
import { SearchX, Users } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { TalentCard } from './TalentCard.js';
import { SpecializationFilter, TalentSearch } from './TalentFilters.js';
import * as styles from './TalentPage.css.js';
import { TalentPager } from './TalentPager.js';
import { TalentLoadError, TalentLoading } from './TalentStates.js';
import { filterTalent, peopleOnTab, specializationChoices, TALENT_PAGE_SIZE } from './talentList.js';
import type { TalentSource } from './useTalent.js';
import type { TalentAddressState } from './useTalentAddress.js';

const BY_NAME = { key: 'name', direction: 'asc' } as const;

/** A tab's content: its list loading, failed, empty, or searchable, filterable and paged. */
export function TalentPanel({
  source,
  address,
  onSeeAvailable,
}: {
  source: TalentSource;
  address: TalentAddressState;
  onSeeAvailable: () => void;
}) {
  const { t, locale } = useI18n();
  const { tab, specialization, search, page } = address;
  const results = useRef<HTMLDivElement>(null);
  const people = useMemo(() => peopleOnTab(tab, source.data?.talent), [tab, source.data]);
  const choices = useMemo(
    () => specializationChoices(source.data?.uniqueSpecializations, people, specialization),
    [source.data, people, specialization],
  );
  const shown = useMemo(
    () =>
      sortAndPage(filterTalent(people, { specialization, search }), {
        sort: BY_NAME,
        getValue: defaultSortValue,
        page,
        pageSize: TALENT_PAGE_SIZE,
        locale,
      }),
    [people, specialization, search, page, locale],
  );

  if (source.pending) return <TalentLoading />;
  if (source.error) {
    return (
      <TalentLoadError
        title={tab === 'All' ? t('page.talent.error.available') : t('page.talent.error.associations')}
        error={source.error}
        onRetry={source.retry}
        retrying={source.retrying}
      />
    );
  }
  if (people.length === 0) {
    return (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Users} size="lg" />}
        title={t(`page.talent.empty.${tab}.title`)}
        description={t(`page.talent.empty.${tab}.body`)}
        {...(tab === 'All'
          ? {}
          : { actionLabel: t('page.talent.empty.seeAvailable'), onAction: onSeeAvailable })}
      />
    );
  }

  const number = (n: number) => n.toLocaleString(locale);
  // A new page starts at its first card, not where the pager was.
  const goToPage = (next: number) => {
    address.setPage(next);
    results.current?.scrollIntoView?.({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  };
  return (
    <div className={styles.stack}>
      <div className={styles.controls}>
        <TalentSearch value={search} onChange={address.setSearch} onSubmit={address.submit} />
        <SpecializationFilter
          choices={choices}
          selected={specialization}
          onSelect={address.setSpecialization}
        />
      </div>
      {shown.total === 0 ? (
        <EmptyState
          headingLevel={2}
          icon={<Icon icon={SearchX} size="lg" />}
          title={t('page.talent.noMatch.title')}
          description={t('page.talent.noMatch.body')}
          actionLabel={t('page.talent.filters.clear')}
          onAction={address.clearFilters}
        />
      ) : (
        <div ref={results} tabIndex={-1} className={styles.results}>
          <p role="status" className={styles.summary}>
            {t('page.talent.showing', {
              start: number(shown.start),
              end: number(shown.end),
              total: number(shown.total),
            })}
          </p>
          <ul className={styles.cards}>
            {shown.rows.map((person) => (
              <TalentCard key={person.id} person={person} filter={specialization} />
            ))}
          </ul>
          <TalentPager page={shown.page} pages={shown.totalPages} onPage={goToPage} />
        </div>
      )}
    </div>
  );
}

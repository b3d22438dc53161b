import type { Talent } from '@client-portal/api-client';
import { Avatar, Badge, Button, Card, Icon, visuallyHidden } from '@client-portal/ui';
import { Briefcase, CalendarDays, Clock, type LucideIcon, MapPin } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { dateLocaleFor } from '../../i18n/dates.js';
import { formatDateShort } from '../../lib/dates.js';
import * as styles from './TalentPage.css.js';
import { foldText, foldedSpecializations, localTimeIn } from './talentList.js';

// The open talent requests of the person's project, with "Request a replacement": the requests'
// code loads after the cards.
const TalentRequests = lazy(() =>
  import('../requests/related/RelatedRequests.js').then((m) => ({ default: m.TalentRequests })),
);

/** One line of the card's details: an icon with the (hidden) term, then the value. */
function Detail({ icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.detailTerm}>
        <Icon icon={icon} size="sm" />
        <span className={visuallyHidden}>{term}</span>
      </dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

/**
 * A person's specializations as badges, the one the list is filtered by emphasised; a long list
 * is folded to its first few, with a button for the rest.
 */
function Specializations({ person, filter }: { person: Talent; filter: string | undefined }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  if (person.specializations.length === 0) return null;
  const folded = foldedSpecializations(person.specializations, filter);
  const shown = expanded ? person.specializations : folded.shown;
  const wanted = filter ? foldText(filter) : undefined;
  return (
    <div className={styles.specializations}>
      <ul
        id={id}
        className={styles.badges}
        aria-label={t('page.talent.card.specializations', { name: person.name })}
      >
        {shown.map((specialization) => (
          <li key={specialization}>
            <Badge
              size="sm"
              variant={foldText(specialization) === wanted ? 'subtle' : 'outline'}
              tone={foldText(specialization) === wanted ? 'accent' : 'neutral'}
              className={styles.badge}
            >
              <bdi>{specialization}</bdi>
            </Badge>
          </li>
        ))}
      </ul>
      {folded.hidden > 0 ? (
        <Button
          variant="ghost"
          tone="neutral"
          size="sm"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded
            ? t('page.talent.card.fewerSpecializations')
            : t('page.talent.card.moreSpecializations', { count: folded.hidden.toLocaleString(locale) })}
        </Button>
      ) : null}
    </div>
  );
}

/** When someone worked with the customer: "Since …" now, "… – …" for past work. */
function period(person: Talent, format: (date: string | null) => string, t: ReturnType<typeof useI18n>['t']) {
  const start = format(person.startDate);
  const end = format(person.endDate);
  if (start && end) return t('page.talent.card.fromTo', { start, end });
  if (start) return t('page.talent.card.since', { date: start });
  return null;
}

/**
 * A person: photo, name and role, seniority and experience, specializations, then where they are
 * (with their local time, for planning calls) and, for the customer's own talent, project and period.
 */
export function TalentCard({ person, filter }: { person: Talent; filter: string | undefined }) {
  const { t, locale } = useI18n();
  const nameId = useId();
  const dateLocale = dateLocaleFor(locale);
  const when = period(person, (date) => formatDateShort(date, dateLocale), t);
  const localTime = localTimeIn(person.timezone, locale);
  const years = person.yearsOfExperience;
  return (
    <li className={styles.cardItem}>
      <Card as="article" aria-labelledby={nameId} className={styles.card}>
        <div className={styles.cardBody}>
          <div className={styles.person}>
            <Avatar name={person.name} src={person.photoUrl ?? undefined} size={64} decorative />
            <div className={styles.personText}>
              <h2 id={nameId} className={styles.name} dir="auto">
                {person.name}
              </h2>
              <p className={styles.role} dir="auto">
                {person.role}
              </p>
            </div>
          </div>
          <p className={styles.level}>
            <Badge tone="accent" size="sm">
              <span className={visuallyHidden}>
                {t('page.talent.card.seniority', {
                  seniority: t(`page.talent.seniority.${person.seniority}`),
                })}
              </span>
              <span aria-hidden="true">{t(`page.talent.seniority.${person.seniority}`)}</span>
            </Badge>
            {years !== null ? (
              <span>
                {years === 1
                  ? t('page.talent.card.experienceOne')
                  : t('page.talent.card.experience', { years: years.toLocaleString(locale) })}
              </span>
            ) : null}
          </p>
          <Specializations person={person} filter={filter} />
          <dl className={styles.details}>
            {person.location ? (
              <Detail icon={MapPin} term={t('page.talent.card.location')}>
                <bdi>{person.location}</bdi>
              </Detail>
            ) : null}
            {localTime ? (
              <Detail icon={Clock} term={t('page.talent.card.timezone')}>
                {t('page.talent.card.localTime', { time: localTime })}
              </Detail>
            ) : null}
            {person.projectName ? (
              <Detail icon={Briefcase} term={t('page.talent.card.project')}>
                <bdi>{person.projectName}</bdi>
              </Detail>
            ) : null}
            {when ? (
              <Detail icon={CalendarDays} term={t('page.talent.card.period')}>
                {when}
              </Detail>
            ) : null}
          </dl>
          {person.status === 'Active' && person.projectName ? (
            <Suspense fallback={null}>
              <TalentRequests projectName={person.projectName} />
            </Suspense>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

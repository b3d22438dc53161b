import { Avatar, Badge, Card, Icon, type Tone } from '@client-portal/ui';
import { MapPin } from 'lucide-react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { localTimeIn } from './localTime.js';
import * as styles from './MyTeamsPage.css.js';
import type { PeopleGroup, TeamPerson } from './teamGrouping.js';

const STATUS_TONES: Record<NonNullable<PeopleGroup['status']>, Tone> = {
  active: 'success',
  forming: 'info',
  ended: 'neutral',
};

/** One person: name and seniority, their role on each team of the group, where they work and their time. */
function Person({ person, showTeam, now }: { person: TeamPerson; showTeam: boolean; now: Date }) {
  const { t, locale } = useI18n();
  const share = new Intl.NumberFormat(locale, { style: 'percent' });
  const time = localTimeIn(person.timezone, now, locale);
  return (
    <li className={styles.person}>
      <Avatar
        className={styles.avatar}
        name={person.name}
        src={person.photoUrl ?? undefined}
        size={48}
        decorative
      />
      <div className={styles.personText}>
        <p className={styles.nameLine}>
          <bdi className={styles.name}>{person.name}</bdi>
          {person.seniority ? (
            <Badge size="sm">{t(`page.myTeams.seniority.${person.seniority}`)}</Badge>
          ) : null}
        </p>
        {person.placements.map((placement) => (
          <p key={placement.teamId} className={styles.detail}>
            <bdi>{placement.role}</bdi>
            {showTeam ? (
              <>
                {' · '}
                <bdi>{placement.teamName}</bdi>
              </>
            ) : null}
            {' · '}
            {t('page.myTeams.allocation', { share: share.format(placement.allocationPercent / 100) })}
          </p>
        ))}
        {person.location || time ? (
          <p className={styles.where}>
            <Icon icon={MapPin} size="sm" className={styles.whereIcon} />
            <span>
              {person.location ? <bdi>{person.location}</bdi> : null}
              {person.location && time ? ' · ' : null}
              {time ? <span>{t('page.myTeams.localTime', { time })}</span> : null}
            </span>
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A team or a project with its people. An article, not a section: the groups are items of a list,
 * and two teams may share a name, which would repeat a landmark's name.
 */
export function PeopleGroupCard({ group, now }: { group: PeopleGroup; now: Date }) {
  const { t, locale } = useI18n();
  const list = new Intl.ListFormat(locale, { type: 'unit' });
  const isTeam = group.status !== null;
  const facts = isTeam
    ? [
        group.serviceType,
        group.context.length > 0 ? t('page.myTeams.project', { name: list.format(group.context) }) : null,
      ]
    : [t('page.myTeams.teams', { names: list.format(group.context) })];
  facts.push(t('page.myTeams.people', { count: new Intl.NumberFormat(locale).format(group.people.length) }));
  return (
    <Card
      as="article"
      title={group.name ?? t('page.myTeams.noProject')}
      description={facts.filter(Boolean).join(' · ')}
      actions={
        group.status ? (
          <Badge tone={STATUS_TONES[group.status]}>{t(`page.myTeams.status.${group.status}`)}</Badge>
        ) : null
      }
    >
      {group.people.length > 0 ? (
        <ul className={styles.people}>
          {group.people.map((person) => (
            <Person key={person.talentId} person={person} showTeam={!isTeam} now={now} />
          ))}
        </ul>
      ) : (
        <p className={styles.detail}>{t('page.myTeams.noMembers')}</p>
      )}
    </Card>
  );
}

import type { Team } from '@client-portal/api-client';
import { EmptyState, ErrorState, Icon, SkeletonText, Tabs, visuallyHidden } from '@client-portal/ui';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCrm, usePortalData, useProfile } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import * as styles from './MyTeamsPage.css.js';
import { PeopleGroupCard } from './PeopleGroupCard.js';
import {
  type Grouping,
  groupByProject,
  groupByTeam,
  groupingOf,
  type PeopleGroup,
  projectNames,
  searchWithGrouping,
  talentById,
} from './teamGrouping.js';
import { myTeams } from '../../i18n/en/myTeams.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(myTeams);

/** The current time, renewed every minute (the people's local times). */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Groups({ groups, now }: { groups: PeopleGroup[]; now: Date }) {
  return (
    <ul className={styles.groups}>
      {groups.map((group) => (
        <li key={group.id}>
          <PeopleGroupCard group={group} now={now} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The people's details beyond the teams (seniority, location, time zone) come from the talent
 * working with the customer, and project names from the CRM: both optional, so the teams show as
 * soon as they arrive and whatever else fails only leaves those details out.
 */
function useGroups(teams: Team[] | undefined, locale: string) {
  const { queries } = usePortalData();
  const profile = useProfile();
  const associations = useQuery(queries.talentAssociations(profile.data?.profile.contact.id));
  const crm = useCrm();
  const groups = useMemo(() => {
    const talent = talentById(associations.data?.talent);
    const projects = projectNames(crm.data?.hubspot.projects);
    return {
      team: groupByTeam(teams ?? [], talent, projects, locale),
      project: groupByProject(teams ?? [], talent, projects, locale),
    };
  }, [teams, associations.data, crm.data, locale]);
  return { groups, associations };
}

/**
 * My Teams (`/services/my-teams?group=team`): the people working for the customer, grouped by team
 * or by project. The grouping lives in the query string, so a reload or a shared link keeps it.
 */
export default function MyTeamsPage() {
  const { t, locale } = useI18n();
  const title = t('page.myTeams.title');
  usePageTitle(title);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const grouping = groupingOf(search);
  const { queries } = usePortalData();
  const teams = useQuery(queries.teams());
  const { groups, associations } = useGroups(teams.data?.teams, locale);
  const now = useMinute();

  const select = (next: string) => {
    if (next === grouping) return;
    // Replace, not push: going back leaves the page instead of stepping through its groupings.
    navigate(`${location}?${searchWithGrouping(search, next as Grouping)}`, { replace: true });
  };

  let content: ReactNode;
  if (teams.isPending) {
    content = (
      <div aria-busy="true" className={styles.loading}>
        <span role="status" className={visuallyHidden}>
          {t('page.myTeams.loading')}
        </span>
        <SkeletonText lines={4} />
        <SkeletonText lines={4} />
      </div>
    );
  } else if (teams.isError) {
    content = (
      <ErrorState
        headingLevel={2}
        title={t('page.myTeams.error')}
        onRetry={() => void teams.refetch()}
        retrying={teams.isFetching}
        labels={{ retry: t('state.retry') }}
      />
    );
  } else if (teams.data.teams.length === 0) {
    content = (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Users} size="lg" />}
        title={t('page.myTeams.empty.title')}
        description={t('page.myTeams.empty.body')}
      />
    );
  } else {
    content = (
      <>
        {associations.isError ? (
          <ErrorState
            size="sm"
            headingLevel={2}
            title={t('page.myTeams.talentError')}
            onRetry={() => void associations.refetch()}
            retrying={associations.isFetching}
            labels={{ retry: t('state.retry') }}
          />
        ) : null}
        <Tabs
          listLabel={t('page.myTeams.groupBy')}
          value={grouping}
          onValueChange={select}
          lazyMount
          items={[
            {
              value: 'team',
              label: t('page.myTeams.byTeam'),
              content: <Groups groups={groups.team} now={now} />,
            },
            {
              value: 'project',
              label: t('page.myTeams.byProject'),
              content: <Groups groups={groups.project} now={now} />,
            },
          ]}
        />
      </>
    );
  }

  return (
    <Page title={title} lead={t('page.myTeams.lead')}>
      {content}
    </Page>
  );
}

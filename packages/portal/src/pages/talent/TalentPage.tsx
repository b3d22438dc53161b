import { Tabs } from '@client-portal/ui';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import { TalentPanel } from './TalentPanel.js';
import * as styles from './TalentPage.css.js';
import { TALENT_TABS, type TalentTab } from './talentAddress.js';
import { peopleOnTab } from './talentList.js';
import { type TalentSource, useAvailableTalent, useTalentAssociations } from './useTalent.js';
import { useTalentAddress } from './useTalentAddress.js';
import { talent } from '../../i18n/en/talent.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(talent);

/** How many people a tab lists, once its list has arrived (the tab's badge). */
function countOn(tab: TalentTab, source: TalentSource): number | undefined {
  return source.data ? peopleOnTab(tab, source.data.talent).length : undefined;
}

/**
 * Talent (`/services/talent?tab=Active`): who works with the customer now (`Active`), who did
 * (`Past`), both from the contact's talent associations, and who is available to join (`All`).
 * Tab, specialization filter, search and page live in the query string, so a reload, "back" or a
 * shared link shows the same list. Each list loads and fails on its own.
 */
export default function TalentPage() {
  const { t } = useI18n();
  const title = t('page.talent.title');
  usePageTitle(title);
  const address = useTalentAddress();
  const associations = useTalentAssociations();
  const available = useAvailableTalent();
  const sourceOf = (tab: TalentTab) => (tab === 'All' ? available : associations);
  return (
    <Page title={title} lead={t('page.talent.lead')}>
      <Tabs
        className={styles.tabs}
        listLabel={t('page.talent.tabs')}
        value={address.tab}
        onValueChange={(next) => address.setTab(next as TalentTab)}
        items={TALENT_TABS.map((tab) => {
          const count = countOn(tab, sourceOf(tab));
          return {
            value: tab,
            label: t(`page.talent.tab.${tab}`),
            ...(count === undefined ? {} : { count }),
            busy: tab === address.tab && sourceOf(tab).pending,
            // Only the shown tab's panel has content: one search box and filter, kept by the address.
            content:
              tab === address.tab ? (
                <TalentPanel
                  source={sourceOf(tab)}
                  address={address}
                  onSeeAvailable={() => address.setTab('All')}
                />
              ) : null,
          };
        })}
      />
    </Page>
  );
}

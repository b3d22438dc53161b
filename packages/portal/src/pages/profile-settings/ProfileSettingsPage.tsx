import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import { PortalSettings, SessionCard } from './PortalSettings.js';
import { ProfileDetails } from './ProfileDetails.js';
import * as facts from '../account/AccountPage.css.js';
import { profile } from '../../i18n/en/profile.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(profile);

/**
 * Profile (`/profile/settings`): the signed-in user's and their company's details from the
 * profile, the portal's settings (the navigation menu's, shared with it) and signing out. The
 * settings never wait for the profile: they work while it loads or when it fails.
 */
export default function ProfileSettingsPage() {
  const { t } = useI18n();
  const title = t('page.profile.title');
  usePageTitle(title);
  return (
    <Page title={title} lead={t('page.profile.lead')}>
      <ProfileDetails />
      <div className={facts.cards}>
        <PortalSettings />
        <SessionCard />
      </div>
    </Page>
  );
}

import { createPortalToaster, Tabs, Toaster } from '@client-portal/ui';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { type AccountTab, accountTabOf, searchWithTab } from './accountTab.js';
import { CompanyTab } from './CompanyTab.js';
import { DocumentsTab, useDocuments } from './DocumentsTab.js';
import { usePageTitle } from '../usePageTitle.js';
import { account } from '../../i18n/en/account.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(account);

/**
 * Account (`/my-info/account?tab=documents`): the company's documents and its details, one tab
 * each. The tab lives in the query string, so a reload or a shared link opens the same tab.
 */
export default function AccountPage() {
  const { t } = useI18n();
  const title = t('page.account.title');
  usePageTitle(title);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tab = accountTabOf(search);
  const documents = useDocuments();
  // One toaster per page instance: two portals on one page keep their notices apart.
  const [toaster] = useState(() => createPortalToaster({ placement: 'top-end' }));

  const select = (next: string) => {
    if (next === tab) return;
    // Replace, not push: going back leaves the page instead of stepping through its tabs.
    navigate(`${location}?${searchWithTab(search, next as AccountTab)}`, { replace: true });
  };

  return (
    <Page title={title}>
      <Tabs
        listLabel={t('page.account.tabs')}
        value={tab}
        onValueChange={select}
        lazyMount
        items={[
          {
            value: 'documents',
            label: t('page.account.tab.documents'),
            busy: documents.isPending,
            content: <DocumentsTab toaster={toaster} />,
          },
          { value: 'company', label: t('page.account.tab.company'), content: <CompanyTab /> },
        ]}
      />
      <Toaster toaster={toaster} closeLabel={t('page.account.toastClose')} />
    </Page>
  );
}

import { Tabs } from '@client-portal/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { addEnglish } from '../../i18n/english.js';
import { staffQueue } from '../../i18n/en/staffQueue.js';
import { useI18n } from '../../i18n/I18nProvider.js';

addEnglish(staffQueue);

/**
 * What staff who act for no company see: the company picker, or the requests queue across all
 * companies, one tab each.
 */
export function StaffStart({ picker, queue }: { picker: ReactNode; queue: ReactNode }) {
  const { t } = useI18n();
  const [tab, setTab] = useState('companies');
  return (
    <Tabs
      listLabel={t('staffQueue.tabs')}
      value={tab}
      onValueChange={setTab}
      items={[
        { value: 'companies', label: t('staffQueue.tab.companies'), content: picker },
        { value: 'queue', label: t('staffQueue.tab.queue'), content: tab === 'queue' ? queue : null },
      ]}
    />
  );
}

import { Stat } from '@client-portal/ui';
import { useI18n } from '../../i18n/I18nProvider.js';
import { formatNumber } from '../../lib/figures.js';
import * as styles from './AiUsagePanel.css.js';
import { TOOL_NAMES, type ToolSummary, type UsageTotals } from './usageFigures.js';
import { acceptanceText, reportedText, throughText, usersText } from './usageText.js';

/** Every assistant together: users against seats, acceptance, and each surface's use. */
export function UsageHeadline({ totals, activeUsersHelp }: { totals: UsageTotals; activeUsersHelp: string }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  return (
    <ul className={styles.stats} aria-label={t('aiUsage.stats')}>
      <li>
        <Stat
          size="sm"
          label={t('aiUsage.col.activeUsers')}
          value={usersText(i18n, totals.activeUsers, totals.seats)}
          helpText={activeUsersHelp}
        />
      </li>
      <li>
        <Stat
          size="sm"
          label={t('aiUsage.col.acceptance')}
          value={acceptanceText(i18n, totals.acceptance)}
          helpText={t('aiUsage.acceptanceHelp')}
        />
      </li>
      <li>
        <Stat
          size="sm"
          label={t('aiUsage.col.completions')}
          value={formatNumber(totals.acceptances, locale)}
        />
      </li>
      <li>
        <Stat size="sm" label={t('aiUsage.col.chat')} value={reportedText(i18n, totals.chatRequests)} />
      </li>
      <li>
        <Stat size="sm" label={t('aiUsage.col.agent')} value={reportedText(i18n, totals.agentRequests)} />
      </li>
      <li>
        <Stat size="sm" label={t('aiUsage.col.cli')} value={reportedText(i18n, totals.cliRequests)} />
      </li>
    </ul>
  );
}

/** How far each assistant's data goes ("data complete through …"). */
export function ToolFreshness({ summaries }: { summaries: readonly ToolSummary[] }) {
  const i18n = useI18n();
  return (
    <ul className={styles.freshness} aria-label={i18n.t('aiUsage.freshness')}>
      {summaries.map((s) => (
        <li key={s.tool}>
          {i18n.t('aiUsage.freshnessOf', {
            tool: TOOL_NAMES[s.tool],
            date: throughText(i18n, s.dataThrough),
          })}
        </li>
      ))}
    </ul>
  );
}

import type { DoraDeploymentRow, DoraIncidentRow } from '@client-portal/api-client';
import type { I18n } from '../../i18n/I18nProvider.js';

/** Why an incident counts as a change failure, or why not, in words. */
export function whyItCounts(row: DoraIncidentRow, t: I18n['t']): string {
  if (row.excluded) return t('dora.why.excluded');
  const deployment = row.deployment?.externalId ?? '';
  if (row.attribution === 'explicit') return t('dora.why.explicit', { deployment });
  if (row.attribution === 'window') return t('dora.why.window', { deployment });
  return t('dora.why.none');
}

/** What a deployment counts as, in words (the badges and the CSV). */
export function deploymentFlags(row: DoraDeploymentRow, t: I18n['t']): string[] {
  const flags: string[] = [];
  if (row.failed) flags.push(t('dora.status.failed', { count: row.incidents }));
  if (row.hotfix) flags.push(t('dora.status.hotfix'));
  if (row.rework && !row.hotfix) flags.push(t('dora.status.rework'));
  return flags.length > 0 ? flags : [t('dora.status.ok')];
}

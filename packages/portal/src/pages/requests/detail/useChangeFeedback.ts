import type { PortalToaster } from '@client-portal/ui';
import { useCallback, useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { usePortal } from '../../../PortalContext.js';
import { changeFailure, problemDetail } from './changeOutcome.js';

/** What the page says above its actions after a change failed for a reason worth stopping at. */
export type ChangeNotice = { kind: 'stale' } | { kind: 'conflict'; detail: string | undefined } | null;

/**
 * How the page answers a failed change: 412 (someone changed the request meanwhile) and 409 (not
 * open in its status) stay on screen above the actions until dealt with; 404 reloads the request
 * (which then shows it is gone); anything else is a toast. Every failure reaches the host's onError.
 * Nothing typed is cleared: the comment box keeps its text whatever happened.
 */
export function useChangeFeedback(toaster: PortalToaster, reload: () => Promise<unknown>) {
  const { t } = useI18n();
  const { onError } = usePortal();
  const [notice, setNotice] = useState<ChangeNotice>(null);
  const [reloading, setReloading] = useState(false);

  const fail = useCallback(
    (error: unknown, where: string) => {
      onError?.(error, `mutation:request-${where}`);
      const kind = changeFailure(error);
      if (kind === 'stale') setNotice({ kind: 'stale' });
      else if (kind === 'conflict') {
        setNotice({ kind: 'conflict', detail: problemDetail(error) });
        void reload();
      } else if (kind === 'gone') void reload();
      else {
        const detail = kind === 'invalid' ? problemDetail(error) : undefined;
        toaster.error({
          title: t(`requestPage.failed.${kind}`),
          description: detail ?? t('requestPage.failed.body'),
          closable: true,
        });
      }
    },
    [onError, reload, toaster, t],
  );

  const reloadNow = useCallback(async () => {
    setReloading(true);
    try {
      await reload();
      setNotice(null);
    } finally {
      setReloading(false);
    }
  }, [reload]);

  return { notice, fail, reloadNow, reloading, clear: () => setNotice(null) };
}

import type { PortalDocument } from '@client-portal/api-client';
import type { PortalToaster } from '@client-portal/ui';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useCallback, useState } from 'react';
import { usePortalData } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { usePortal } from '../../PortalContext.js';
import { signedUrlHref, startDownload } from './signedUrl.js';

/**
 * Downloads a document: asks the host for a short-lived signed URL (never kept, it expires in
 * minutes), then lets the browser fetch it. Each document being prepared is `pending`; a failure is
 * a toast (the table itself is fine) and goes to the host's `onError` as 'mutation:signed-url'.
 */
export function useDocumentDownload(toaster: PortalToaster, host: RefObject<HTMLElement | null>) {
  const { t } = useI18n();
  const { client, mutations } = usePortalData();
  const { onError } = usePortal();
  const signedUrl = useMutation(mutations.createSignedUrl());
  const { mutateAsync } = signedUrl;
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (document: PortalDocument) => {
      setPending((ids) => new Set(ids).add(document.id));
      try {
        const { url } = await mutateAsync(document.id);
        if (host.current) startDownload(signedUrlHref(url, client.baseUrl), host.current);
      } catch (error) {
        onError?.(error, 'mutation:signed-url');
        toaster.error({
          title: t('page.account.documents.downloadFailed'),
          description: t('page.account.documents.downloadFailedBody', { name: document.name }),
          closable: true,
        });
      } finally {
        setPending((ids) => {
          const next = new Set(ids);
          next.delete(document.id);
          return next;
        });
      }
    },
    [mutateAsync, client.baseUrl, host, toaster, t, onError],
  );

  return { download, pending };
}

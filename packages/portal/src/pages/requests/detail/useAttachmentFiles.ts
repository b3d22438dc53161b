import type { RequestAttachment } from '@client-portal/api-client/requests';
import type { PortalToaster } from '@client-portal/ui';
import { type RefObject, useCallback, useState } from 'react';
import { usePortalData } from '../../../data/PortalData.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { usePortal } from '../../../PortalContext.js';
import { signedUrlHref, startDownload } from '../../account/signedUrl.js';
import { useAttachmentLink } from './useRequestDetail.js';

/** An image the page shows in its preview dialog. */
export interface ImagePreview {
  name: string;
  url: string;
}

/** A file the host serves: scanned clean, or no scanner configured. Pending, infected and failed ones are not. */
export const isServed = (attachment: Pick<RequestAttachment, 'scan'>) =>
  attachment.scan === 'clean' || attachment.scan === 'not_scanned';

/** Images and PDF have a preview. */
export const hasPreview = (attachment: Pick<RequestAttachment, 'contentType'>) =>
  attachment.contentType === 'application/pdf' || attachment.contentType.startsWith('image/');

/**
 * Downloads and previews of a request's files, through short-lived signed links asked for at the
 * moment of use (never kept). An image opens in the page's dialog, a PDF in a new tab. A failure
 * is a toast and goes to the host's onError.
 */
export function useAttachmentFiles(
  requestKey: string,
  toaster: PortalToaster,
  host: RefObject<HTMLElement | null>,
) {
  const { t } = useI18n();
  const { client } = usePortalData();
  const { onError } = usePortal();
  const link = useAttachmentLink(requestKey);
  const { mutateAsync } = link;
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [preview, setPreview] = useState<ImagePreview | null>(null);

  const withLink = useCallback(
    async (
      attachment: RequestAttachment,
      use: (link: { url: string; previewUrl: string | null }) => void,
    ) => {
      setPending((ids) => new Set(ids).add(attachment.id));
      try {
        use(await mutateAsync(attachment.id));
      } catch (error) {
        onError?.(error, 'mutation:request-attachment-link');
        toaster.error({
          title: t('requestPage.file.linkFailed'),
          description: t('requestPage.file.linkFailedBody', { name: attachment.fileName }),
          closable: true,
        });
      } finally {
        setPending((ids) => {
          const next = new Set(ids);
          next.delete(attachment.id);
          return next;
        });
      }
    },
    [mutateAsync, onError, toaster, t],
  );

  const download = useCallback(
    (attachment: RequestAttachment) =>
      withLink(attachment, ({ url }) => {
        if (host.current) startDownload(signedUrlHref(url, client.baseUrl), host.current);
      }),
    [withLink, host, client.baseUrl],
  );

  const showPreview = useCallback(
    (attachment: RequestAttachment) =>
      withLink(attachment, ({ url, previewUrl }) => {
        const href = signedUrlHref(previewUrl ?? url, client.baseUrl);
        if (attachment.contentType.startsWith('image/')) setPreview({ name: attachment.fileName, url: href });
        else host.current?.ownerDocument.defaultView?.open(href, '_blank', 'noopener');
      }),
    [withLink, host, client.baseUrl],
  );

  return { download, showPreview, pending, preview, closePreview: () => setPreview(null) };
}

export type AttachmentFiles = ReturnType<typeof useAttachmentFiles>;

import type { RequestMeta } from '@client-portal/api-client/requests';

export type AttachmentLimits = RequestMeta['attachmentLimits'];

/** Why a file is not sent: too large on its own, the request's files together too large, or a refused type. */
export type AttachmentRefusal =
  | { reason: 'tooLarge'; limitBytes: number }
  | { reason: 'requestFull'; limitBytes: number }
  | { reason: 'type' };

/**
 * Media types a browser may report for a file whose content the host would accept: the host decides
 * the type from the content, so the browser's guess (from the name) is only a first check. An empty
 * type (the browser does not know) is let through for the host to decide.
 */
function typeAccepted(type: string, accepted: readonly string[]): boolean {
  if (type === '') return true;
  const bare = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return accepted.includes(bare);
}

/**
 * The browser's check of files before they are sent, against the host's limits: each file on its
 * own, then all of them together with what the request already holds (`usedBytes`). Returns one
 * entry per file: null when it may be sent, else why not. The host checks again while streaming.
 */
export function checkAttachments(
  files: readonly { size: number; type: string }[],
  limits: AttachmentLimits,
  usedBytes: number,
): (AttachmentRefusal | null)[] {
  let total = usedBytes;
  return files.map((file) => {
    if (file.size > limits.fileBytes) return { reason: 'tooLarge', limitBytes: limits.fileBytes };
    if (!typeAccepted(file.type, limits.types)) return { reason: 'type' };
    if (total + file.size > limits.requestBytes)
      return { reason: 'requestFull', limitBytes: limits.requestBytes };
    total += file.size;
    return null;
  });
}

/** The bytes a request's current files take (a replaced version no longer counts: it is not listed). */
export const usedBytesOf = (attachments: readonly { sizeBytes: number }[]) =>
  attachments.reduce((sum, a) => sum + a.sizeBytes, 0);

/** The `accept` attribute of a file input for the accepted media types. */
export const acceptAttribute = (limits: AttachmentLimits) => limits.types.join(',');

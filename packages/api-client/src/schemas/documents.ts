import * as z from 'zod/mini';
import { count, isoDateTime, linkUrl } from './common.js';
import { described, named } from './registry.js';
import { recordIdParam } from './request-rules.js';

/** Ids, not labels: the portal translates them. */
export const DOCUMENT_CATEGORIES = [
  'contract',
  'statement-of-work',
  'invoice',
  'report',
  'policy',
  'other',
] as const;

export const documentSchema = named(
  'Document',
  z.object({
    id: described(z.string().check(z.minLength(1)), 'The `fileId` to request a download URL with.'),
    name: described(z.string(), 'File name as shown, e.g. "MSA 2025.pdf".'),
    description: z.nullable(z.string()),
    category: z.enum(DOCUMENT_CATEGORIES),
    contentType: described(z.string(), 'Media type, e.g. "application/pdf".'),
    sizeBytes: count,
    createdAt: isoDateTime,
    updatedAt: z.nullable(isoDateTime),
  }),
);

export const documentsResponseSchema = named(
  'DocumentsResponse',
  z.object({ documents: described(z.array(documentSchema), 'Newest first.') }),
);

/**
 * Strict: the file id is the whole request. Sent as JSON (the original portal put the content type in
 * Authorization).
 */
export const signedUrlRequestSchema = named(
  'SignedUrlRequest',
  z.strictObject({
    fileId: described(
      recordIdParam,
      'A document id of the caller’s company: letters, digits, ".", "_", ":" and "-", at most 128.',
    ),
  }),
);

export const signedUrlResponseSchema = named(
  'SignedUrl',
  described(
    z.object({
      url: described(linkUrl, 'Short-lived signed download URL (absolute, or a path on the API origin).'),
      expiresAt: described(isoDateTime, 'When the URL stops working (minutes, not hours).'),
    }),
    'A download link for one file.',
  ),
);

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export type PortalDocument = z.infer<typeof documentSchema>;
export type DocumentsResponse = z.infer<typeof documentsResponseSchema>;
export type SignedUrlRequest = z.input<typeof signedUrlRequestSchema>;
export type SignedUrl = z.infer<typeof signedUrlResponseSchema>;

import { z } from 'zod';
import { count, isoDateTime, linkUrl } from './common.js';
import { named } from './registry.js';

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
    id: z.string().min(1).describe('The `fileId` to request a download URL with.'),
    name: z.string().describe('File name as shown, e.g. "MSA 2025.pdf".'),
    description: z.string().nullable(),
    category: z.enum(DOCUMENT_CATEGORIES),
    contentType: z.string().describe('Media type, e.g. "application/pdf".'),
    sizeBytes: count,
    createdAt: isoDateTime,
    updatedAt: isoDateTime.nullable(),
  }),
);

export const documentsResponseSchema = named(
  'DocumentsResponse',
  z.object({ documents: z.array(documentSchema).describe('Newest first.') }),
);

/** Strict: the file id is the whole request. Sent as JSON (the seed put the content type in Authorization). */
export const signedUrlRequestSchema = named(
  'SignedUrlRequest',
  z.strictObject({ fileId: z.string().min(1).max(200).describe('A document id of the caller’s company.') }),
);

export const signedUrlResponseSchema = named(
  'SignedUrl',
  z
    .object({
      url: linkUrl.describe('Short-lived signed download URL (absolute, or a path on the API origin).'),
      expiresAt: isoDateTime.describe('When the URL stops working (minutes, not hours).'),
    })
    .describe('A download link for one file.'),
);

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export type PortalDocument = z.infer<typeof documentSchema>;
export type DocumentsResponse = z.infer<typeof documentsResponseSchema>;
export type SignedUrlRequest = z.input<typeof signedUrlRequestSchema>;
export type SignedUrl = z.infer<typeof signedUrlResponseSchema>;

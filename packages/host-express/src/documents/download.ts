import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { validate } from '../http/validate.js';
import { writeAudit } from '../store/audit-log.js';
import { contentDisposition, safeContentType } from './headers.js';
import { KID_PATTERN, SIGNATURE_PATTERN, verifyDownload } from './signing.js';
import { type DocumentStorage, StorageKeyError } from './document-storage.js';

/**
 * GET (and HEAD) /api/files/{fileId}?cid=&uid=&exp=&kid=&sig= — the link POST /api/create-signed-url
 * hands out (see ./signing.ts for its format).
 *
 * Works only with the session that asked for it (its cookie goes along when the link is opened in
 * a new tab of the same browser): the signature binds document, company, user, expiry, key id and
 * that session, so a link that leaks (a log, a shared screen, a download manager) is useless
 * elsewhere, and every link dies with its session at sign-out.
 *   - malformed query (missing, repeated, oversized or ill-formed parameters) → 400
 *   - no session (signed out, expired, or another browser) → 401
 *   - unknown key id, wrong signature (or another session), expired, or its signer disabled or
 *     moved away → 403
 *   - document deleted or no longer the company's, a session of another company, or no file behind
 *     the row (including a storage key that would leave FILES_DIR / S3_PREFIX) → 404
 * Every error is problem+json titled with the HTTP status text.
 *
 * S3 storage is streamed through the host (GetObject), not redirected to an S3 presigned URL:
 * both storages then answer with the same headers (attachment, nosniff, no-store, the row's type),
 * the bucket endpoint may stay private (MinIO or a VPC endpoint the browser cannot reach), the
 * audit entry means the bytes were actually requested from us, and the portal's CSP and the
 * logger's redaction only ever see our own URL. Documents are small, so the bandwidth is cheap.
 */

const paramsSchema = z.object({ fileId: z.string().min(1).max(200) });
const querySchema = z.object({
  cid: z.string().min(1).max(200),
  uid: z.string().min(1).max(200),
  exp: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  kid: z.string().regex(KID_PATTERN),
  sig: z.string().regex(SIGNATURE_PATTERN),
});

export const downloadRequest = validate({ params: paramsSchema, query: querySchema });

const INVALID = 'This download link is invalid. Request a new one from the Documents page.';
const NO_SESSION =
  'This download link works only while you are signed in, in the browser that asked for it. Sign in and request it again.';
const EXPIRED = 'This download link has expired. Request a new one from the Documents page.';
const NOT_FOUND = 'No such document.';

function forbidden(req: Request, res: Response, reason: string, detail: string): void {
  req.log?.info({ reason }, 'download link refused');
  problem(res, 403, 'Forbidden', detail);
}

export function createDownloadHandler(ctx: HostContext, storage: DocumentStorage): RequestHandler {
  const { db } = ctx.store;
  return async (req, res) => {
    const { params, query } = downloadRequest.input(req);
    const now = ctx.now();
    if (!req.identity) return problem(res, 401, 'Unauthorized', NO_SESSION);
    const link = {
      fileId: params.fileId,
      companyId: query.cid,
      userId: query.uid,
      sessionId: req.identity.sessionId,
      expiresAt: query.exp,
      kid: query.kid,
      sig: query.sig,
    };
    const verdict = verifyDownload(link, ctx.config.documents.signingKeys, now);
    if (verdict === 'expired') return forbidden(req, res, verdict, EXPIRED);
    if (verdict !== 'valid') return forbidden(req, res, verdict, INVALID);

    const signer = await db
      .selectFrom('users')
      .select(['role', 'company_id'])
      .where('id', '=', link.userId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!signer || (signer.role === 'customer' && signer.company_id !== link.companyId)) {
      return forbidden(req, res, 'signer-revoked', INVALID);
    }

    // The session that asked, now acting for another company (staff), must not fetch this one's file.
    if (req.identity.companyId !== link.companyId) return problem(res, 404, 'Not Found', NOT_FOUND);

    const doc = await db
      .selectFrom('documents')
      .select(['id', 'file_name', 'content_type', 'storage_key'])
      .where('id', '=', link.fileId)
      .where('company_id', '=', link.companyId)
      .executeTakeFirst();
    if (!doc) return problem(res, 404, 'Not Found', NOT_FOUND);

    await sendStoredFile(
      req,
      res,
      storage,
      { key: doc.storage_key, what: 'document', log: { documentId: doc.id }, notFound: NOT_FOUND },
      {
        // Set one by one, not with res.set: Express would append a charset to the row's media type.
        'Content-Type': safeContentType(doc.content_type),
        'Content-Disposition': contentDisposition(doc.file_name),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // Never rendered as a page, and the signed URL is not passed on as a referrer.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Referrer-Policy': 'no-referrer',
        'Accept-Ranges': 'none',
      },
      () =>
        writeAudit(db, {
          action: 'document.download',
          at: now,
          actorUserId: link.userId,
          companyId: link.companyId,
          ip: req.ip ?? null,
          detail: {
            documentId: doc.id,
            kid: link.kid,
            expiresAt: new Date(link.expiresAt * 1000).toISOString(),
            method: 'signed-url+session',
          },
        }),
    );
  };
}

/**
 * Sends a stored file (a document, a request's attachment): its size for HEAD, its bytes for GET.
 * A storage key the storage refuses or a file that is gone is a 404 with `notFound`. `beforeSend`
 * (GET only: the audit row) runs before any byte goes out; when it throws, the file is closed. The
 * caller's `headers` are set one by one (res.set would append a charset to the media type).
 */
export async function sendStoredFile(
  req: Request,
  res: Response,
  storage: DocumentStorage,
  stored: { key: string; what: string; log: Record<string, string>; notFound: string },
  headers: Record<string, string>,
  beforeSend: () => Promise<unknown>,
): Promise<void> {
  const head = req.method === 'HEAD';
  let file: { size: number; body?: Readable } | null;
  try {
    file = head ? await storage.stat(stored.key) : await storage.open(stored.key);
  } catch (error) {
    if (!(error instanceof StorageKeyError)) throw error;
    req.log?.error({ ...stored.log, err: error }, `${stored.what} storage key refused`);
    return problem(res, 404, 'Not Found', stored.notFound);
  }
  if (!file) {
    req.log?.warn({ ...stored.log, storage: storage.kind }, `${stored.what} file is missing`);
    return problem(res, 404, 'Not Found', stored.notFound);
  }
  if (!head) {
    try {
      await beforeSend();
    } catch (error) {
      file.body?.destroy();
      throw error;
    }
  }
  res.status(200);
  res.setHeader('Content-Length', String(file.size));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!file.body) {
    res.end();
    return;
  }
  try {
    await pipeline(file.body, res);
  } catch (error) {
    // The client went away or storage failed mid-stream: the status is sent, so cut the connection.
    req.log?.warn({ ...stored.log, err: error }, `${stored.what} download interrupted`);
    if (!res.destroyed) res.destroy();
  }
}

import { statusText } from '@client-portal/api-client';
import { requestRoutes } from '@client-portal/api-client/requests';
import type { Request, RequestHandler, Response, Router } from 'express';
import { hitRateLimit } from '../auth/rate-limits.js';
import type { RateLimitRule } from '../auth/index.js';
import type { HostContext } from '../context.js';
import type { DocumentStorage } from '../documents/document-storage.js';
import { downloadRequest, sendStoredFile } from '../documents/download.js';
import { contentDisposition, safeContentType } from '../documents/headers.js';
import { type SignedDownload, signDownload, verifyDownload } from '../documents/signing.js';
import { createDocumentStorage } from '../documents/storage.js';
import { extendDeadline } from '../http/limits.js';
import { problem } from '../http/problem.js';
import { actorOf } from '../requests/actor.js';
import {
  AttachmentError,
  type AttachmentLimits,
  type AttachTarget,
  attachFiles,
  createUploadDir,
  findAttachment,
  isMultipart,
  notServed,
  PREVIEW_TYPES,
  receiveFiles,
  removeUploadDir,
  SERVED_SCANS,
  saveToDocuments,
  usedBytes,
} from '../requests/attachments.js';
import type { Actor } from '../requests/status.js';
import { isFinal } from '../requests/status.js';
import { findRequestByKey, getRequest, RequestNotFoundError } from '../requests/store.js';
import { requestDetail } from '../requests/views.js';
import { writeAudit } from '../store/audit-log.js';
import { routeMounter } from './mount.js';
import type { CallerScope } from './scope.js';

/**
 * A request's files (issue #18 §6); the rules are in ../requests/attachments.ts.
 *
 *   POST /api/requests/{key}/attachments                     multipart/form-data: files in "file"
 *        (at most 10), each optionally preceded by "replaces" = the id of the attachment it is a
 *        newer version of. 415 unless multipart/form-data, 404 a request the caller cannot see,
 *        409 closed or cancelled, 413 a limit passed (refused while streaming), 415 a type not
 *        allowed. The CSRF guard lets multipart/form-data through to this route only.
 *   POST /api/requests/{key}/attachments/{id}/link           {url, expiresAt, previewUrl}:
 *        signed links (documents' HMAC scheme, bound to the session, SIGNED_URL_TTL_SECONDS);
 *        previewUrl for images and PDF only; 409 pending, infected or failed.
 *   POST /api/requests/{key}/attachments/{id}/save           the company admin or staff: a copy
 *        in the company's documents; answers the request's detail.
 *   GET  /api/request-files/{id}?cid=&uid=&exp=&kid=&sig=          the download (attachment)
 *   GET  /api/request-files/{id}/preview?cid=&uid=&exp=&kid=&sig=  the preview (inline)
 *        Not in the contract (the client follows the URL it was given). 400 malformed, 401 no
 *        session, 403 invalid, expired or another session, 404 gone, not served, another company's
 *        or no longer visible to the caller.
 */

/** Per user, the links of attachments (the documents' rule, a counter of its own). */
export const ATTACHMENT_SIGN_RATE_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };
/** Per user: uploads. */
export const UPLOAD_RATE_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };
/** An upload's deadline instead of REQUEST_TIMEOUT_MS: the body arrives at the client's pace. */
export const UPLOAD_DEADLINE_MS = 15 * 60 * 1000;
/**
 * After refusing an upload, this much more of its body is read and dropped (for at most
 * LINGER_MS) so that the client, still sending, reads the answer; then the connection is cut.
 */
const LINGER_BYTES = 4 * 1024 * 1024;
const LINGER_MS = 2_000;

const NOT_FOUND = 'The request was not found.';
const NO_FILE = 'No such file.';
const INVALID = 'This download link is invalid. Request a new one from the request’s page.';
const EXPIRED = 'This download link has expired. Request a new one from the request’s page.';
const NO_SESSION =
  'This download link works only while you are signed in, in the browser that asked for it. Sign in and request it again.';

/** What the signature names: the file, and whether it is its preview. */
const signedFileId = (attachmentId: string, preview: boolean) =>
  `request-attachment${preview ? '-preview' : ''}:${attachmentId}`;

function filePath(base: string, link: SignedDownload, attachmentId: string, preview: boolean): string {
  const query = new URLSearchParams({
    cid: link.companyId,
    uid: link.userId,
    exp: String(link.expiresAt),
    kid: link.kid,
    sig: link.sig,
  });
  return `${base}/request-files/${encodeURIComponent(attachmentId)}${preview ? '/preview' : ''}?${query.toString()}`;
}

/**
 * Ends a refused upload: whatever of the body is still coming is read and dropped for a moment
 * (so the client, still sending, reads the answer instead of a reset), then the connection is cut.
 * The host never holds more than a buffer of it.
 */
function lingerThenCut(req: Request, res: Response): void {
  if (req.complete) return;
  req.unpipe();
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const cut = () => {
    clearTimeout(timer);
    req.socket?.destroy();
  };
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.on('end', () => clearTimeout(timer));
  req.on('error', () => {});
  const arm = () => {
    if (req.complete) return;
    timer = setTimeout(cut, LINGER_MS);
    timer.unref();
  };
  if (res.writableFinished) arm();
  else res.once('finish', arm);
  res.once('close', () => {
    if (!res.writableFinished) cut();
  });
  req.resume();
}

function answerRefusal(req: Request, res: Response, error: AttachmentError): void {
  if (!res.headersSent) problem(res, error.status, statusText(error.status), error.detail);
  lingerThenCut(req, res);
}

export function createRequestAttachmentRoutes(ctx: HostContext, router: Router): Router {
  const { db } = ctx.store;
  const { documents } = ctx.config;
  const settings = ctx.config.requests.attachments;
  const storage: DocumentStorage = createDocumentStorage(documents);
  const mount = routeMounter(ctx, router);
  const { multipart } = requestRoutes.requestAttachments;
  const limits: AttachmentLimits = {
    fileBytes: settings.fileBytes,
    requestBytes: settings.requestBytes,
    maxFiles: multipart.maxFiles,
  };

  /**
   * The caller's actor and the request of their company with this key, if they may see it: one
   * query that applies the visibility rule, so a request they may not see is refused after the same
   * work as an unknown key.
   */
  async function visibleRequest(scope: CallerScope, key: string) {
    const actor = await actorOf(db, scope);
    const request = await findRequestByKey(db, actor, key);
    if (!request) throw new AttachmentError(404, NOT_FOUND);
    const target: AttachTarget = { id: request.id, companyId: request.company_id };
    return { actor, request, target };
  }

  async function rateLimited(
    res: Response,
    key: string,
    rule: RateLimitRule,
    detail: string,
  ): Promise<boolean> {
    const verdict = await hitRateLimit(db, key, rule, ctx.now());
    if (verdict.allowed) return false;
    res.set('Retry-After', String(verdict.retryAfterSeconds));
    problem(res, 429, statusText(429), detail);
    return true;
  }

  mount(requestRoutes.requestAttachments, async (req, res, { params }, scope) => {
    extendDeadline(res, UPLOAD_DEADLINE_MS);
    let dir: string | null = null;
    try {
      if (!isMultipart(req.headers['content-type'])) {
        throw new AttachmentError(
          415,
          `Send the files as multipart/form-data, in the field "${multipart.field}".`,
        );
      }
      const { actor, request, target } = await visibleRequest(scope, params.key);
      if (isFinal(request.status)) {
        throw new AttachmentError(409, 'The request is closed: files can no longer be attached.');
      }
      if (
        await rateLimited(
          res,
          `request-attachment.upload:user:${scope.userId}`,
          UPLOAD_RATE_LIMIT,
          'Too many uploads. Try again shortly.',
        )
      ) {
        return lingerThenCut(req, res);
      }
      const used = await usedBytes(db, target);
      dir = await createUploadDir();
      const files = await receiveFiles(req, req.headers, {
        limits,
        usedBytes: used,
        dir,
        field: multipart.field,
      });
      const attachments = await attachFiles(db, storage, actor, target, files, {
        limits,
        clamd: settings.clamd,
        now: ctx.now(),
        ...(req.log ? { logger: req.log } : {}),
      });
      res.set('Cache-Control', 'no-store').json({ attachments });
    } catch (error) {
      if (error instanceof AttachmentError) return answerRefusal(req, res, error);
      lingerThenCut(req, res);
      throw error;
    } finally {
      if (dir) await removeUploadDir(dir);
    }
  });

  mount(requestRoutes.requestAttachmentLink, async (req, res, { params }, scope) => {
    try {
      const now = ctx.now();
      if (
        await rateLimited(
          res,
          `request-attachment.sign:user:${scope.userId}`,
          ATTACHMENT_SIGN_RATE_LIMIT,
          'Too many download links requested. Try again shortly.',
        )
      ) {
        return;
      }
      const { target } = await visibleRequest(scope, params.key);
      const row = await findAttachment(db, target, params.attachmentId);
      if (!row) throw new AttachmentError(404, NO_FILE);
      if (!SERVED_SCANS.includes(row.scan)) throw notServed(row.scan);
      const expiresAt = Math.ceil(now.getTime() / 1000) + documents.signedUrlTtlSeconds;
      const sign = (preview: boolean) =>
        signDownload(
          {
            fileId: signedFileId(row.id, preview),
            companyId: scope.companyId,
            userId: scope.userId,
            sessionId: scope.sessionId,
            expiresAt,
          },
          documents.signingKeys,
        );
      const link = sign(false);
      const previewUrl = PREVIEW_TYPES.has(row.content_type)
        ? filePath(req.baseUrl, sign(true), row.id, true)
        : null;
      const expiresAtIso = new Date(expiresAt * 1000).toISOString();
      await writeAudit(db, {
        action: 'request_attachment.link_created',
        at: now,
        actorUserId: scope.userId,
        companyId: scope.companyId,
        ip: req.ip ?? null,
        detail: { attachmentId: row.id, requestId: target.id, kid: link.kid, expiresAt: expiresAtIso },
      });
      // The URLs are credentials until they expire: never cached.
      res
        .set('Cache-Control', 'no-store')
        .json({ url: filePath(req.baseUrl, link, row.id, false), expiresAt: expiresAtIso, previewUrl });
    } catch (error) {
      if (error instanceof AttachmentError) return answerRefusal(req, res, error);
      throw error;
    }
  });

  mount(requestRoutes.requestAttachmentSave, async (req, res, { params }, scope) => {
    try {
      const { actor, request, target } = await visibleRequest(scope, params.key);
      const row = await findAttachment(db, target, params.attachmentId);
      if (!row) throw new AttachmentError(404, NO_FILE);
      if (!mayKeepDocuments(actor)) {
        throw new AttachmentError(
          403,
          'Only the company admin or provider staff can save a file to the documents.',
        );
      }
      const now = ctx.now();
      await saveToDocuments(
        db,
        storage,
        actor,
        { ...target, key: request.key, title: request.title, fields: request.fields },
        row.id,
        { now, ...(req.log ? { logger: req.log } : {}) },
      );
      const detail = await requestDetail(db, actor, request.id, { now, types: ctx.config.requests.types });
      res.set('Cache-Control', 'no-store').json(detail);
    } catch (error) {
      if (error instanceof AttachmentError) return answerRefusal(req, res, error);
      if (error instanceof RequestNotFoundError) return problem(res, 404, statusText(404), NOT_FOUND);
      throw error;
    }
  });

  const download = createAttachmentDownload(ctx, storage);
  router.get('/request-files/:fileId', downloadRequest, download(false));
  router.get('/request-files/:fileId/preview', downloadRequest, download(true));
  return router;
}

const mayKeepDocuments = (actor: Actor) =>
  actor.kind === 'staff' || (actor.kind === 'customer' && actor.admin);

/**
 * The download of a signed attachment link: the documents' checks (signature, expiry, session,
 * signer still enabled and of the company, the session still acting for it), then the file must
 * still be served (clean or not scanned) and its request still visible to the caller.
 */
function createAttachmentDownload(ctx: HostContext, storage: DocumentStorage) {
  const { db } = ctx.store;
  const { documents } = ctx.config;
  const frameAncestors = ctx.config.http.frameAncestors.join(' ');
  return (preview: boolean): RequestHandler =>
    async (req, res) => {
      const { params, query } = downloadRequest.input(req);
      const now = ctx.now();
      const identity = req.identity;
      if (!identity) return problem(res, 401, 'Unauthorized', NO_SESSION);
      const link = {
        fileId: signedFileId(params.fileId, preview),
        companyId: query.cid,
        userId: query.uid,
        sessionId: identity.sessionId,
        expiresAt: query.exp,
        kid: query.kid,
        sig: query.sig,
      };
      const verdict = verifyDownload(link, documents.signingKeys, now);
      if (verdict !== 'valid') {
        req.log?.info({ reason: verdict }, 'attachment link refused');
        return problem(res, 403, 'Forbidden', verdict === 'expired' ? EXPIRED : INVALID);
      }
      const signer = await db
        .selectFrom('users')
        .select(['role', 'company_id'])
        .where('id', '=', link.userId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (!signer || (signer.role === 'customer' && signer.company_id !== link.companyId)) {
        return problem(res, 403, 'Forbidden', INVALID);
      }
      if (identity.companyId !== link.companyId || identity.userId !== link.userId) {
        return problem(res, 404, 'Not Found', NO_FILE);
      }
      const row = await db
        .selectFrom('request_attachments')
        .select(['id', 'request_id', 'file_name', 'content_type', 'storage_key', 'scan'])
        .where('id', '=', params.fileId)
        .where('company_id', '=', link.companyId)
        .executeTakeFirst();
      if (!row || !SERVED_SCANS.includes(row.scan) || (preview && !PREVIEW_TYPES.has(row.content_type))) {
        return problem(res, 404, 'Not Found', NO_FILE);
      }
      const actor = await actorOf(db, {
        companyId: link.companyId,
        contactId: null,
        userId: identity.userId,
        sessionId: identity.sessionId,
        role: identity.role,
      });
      try {
        await getRequest(db, actor, row.request_id, { now });
      } catch (error) {
        if (error instanceof RequestNotFoundError) return problem(res, 404, 'Not Found', NO_FILE);
        throw error;
      }

      const type = safeContentType(row.content_type);
      const disposition = contentDisposition(row.file_name);
      await sendStoredFile(
        req,
        res,
        storage,
        { key: row.storage_key, what: 'attachment', log: { attachmentId: row.id }, notFound: NO_FILE },
        {
          // Text was checked to be UTF-8 when it was attached.
          'Content-Type': type.startsWith('text/') ? `${type}; charset=utf-8` : type,
          'Content-Disposition': preview ? disposition.replace(/^attachment/, 'inline') : disposition,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
          'Accept-Ranges': 'none',
          'Cross-Origin-Resource-Policy': 'same-origin',
          // A download is never rendered. A preview is an image or a PDF (decided from the content):
          // shown in a sandbox that runs nothing; Chromium's PDF viewer refuses a sandboxed document,
          // so a PDF gets only what its viewer needs, and may be framed by the portal alone.
          'Content-Security-Policy': !preview
            ? "default-src 'none'; sandbox"
            : row.content_type === 'application/pdf'
              ? `default-src 'none'; object-src 'self'; frame-ancestors ${frameAncestors}`
              : `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}; sandbox`,
        },
        () =>
          writeAudit(db, {
            action: 'request_attachment.download',
            at: now,
            actorUserId: link.userId,
            companyId: link.companyId,
            ip: req.ip ?? null,
            detail: { attachmentId: row.id, requestId: row.request_id, kid: link.kid, preview },
          }),
      );
    };
}

import { type PortalDocument, routes, statusText } from '@client-portal/api-client';
import { type Router, Router as createRouter } from 'express';
import type { RateLimitRule } from '../auth/index.js';
import { hitRateLimit } from '../auth/rate-limits.js';
import type { HostContext } from '../context.js';
import { createDownloadHandler, downloadRequest } from '../documents/download.js';
import { downloadPath, signDownload } from '../documents/signing.js';
import { createDocumentStorage } from '../documents/storage.js';
import { problem } from '../http/problem.js';
import { writeAudit } from '../store/audit-log.js';
import { precompiled } from '../store/precompiled.js';
import { createKnowledgeBaseRoutes } from './knowledge-base.js';
import { routeMounter, sendKept } from './mount.js';
import { MAX_LIST_ROWS } from '../http/limits.js';

/**
 * Documents and the knowledge base.
 *
 *   GET  /api/documents             the caller's company's documents, newest first
 *   POST /api/create-signed-url     {fileId} → {url, expiresAt}: a download link valid
 *                                   config.documents.signedUrlTtlSeconds (default 300 s);
 *                                   unknown or another company's file → 404; at most
 *                                   SIGN_RATE_LIMIT links per user → 429 with Retry-After
 *   GET  /api/files/{fileId}?cid={companyId}&uid={userId}&exp={unix s}&kid={key id}&sig={hmac}
 *                                   the signed link (not in the contract: the client only follows
 *                                   the URL it was given). Only with the session that asked for it;
 *                                   HMAC-SHA256 over document, company, user, session, expiry and
 *                                   key id, checked in constant time against every configured key
 *                                   (the first one signs). 400 malformed, 401 no session, 403
 *                                   invalid/expired/another session, 404 gone or another company.
 *                                   See ../documents/download.ts.
 *   GET  /api/knowledge-base/…      see ./knowledge-base.ts
 *
 * The URL is a path on the API origin (`req.baseUrl` + /files/…), as the contract's linkUrl allows.
 * Its only secret is `sig`, which the request logger redacts (http/logging.ts). Handing out a link
 * (`document.link_created`) and each download (`document.download`) are written to audit_log.
 * Files come from local disk under FILES_DIR, or from S3 when S3_BUCKET is set (../documents/).
 */

/** Per user; the DB-backed counter is shared by every host instance. */
export const SIGN_RATE_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };

/** The company's documents, newest first. */
const companyDocuments = precompiled(['companyId'], (db, { companyId }: { companyId: string }) =>
  db
    .selectFrom('documents')
    .select([
      'id',
      'file_name',
      'description',
      'category',
      'content_type',
      'size_bytes',
      'created_at',
      'updated_at',
    ])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(MAX_LIST_ROWS),
);

export function createContentRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const { documents } = ctx.config;
  const storage = createDocumentStorage(documents);
  const mount = routeMounter(ctx, router);

  mount(routes.documents, async (req, res, _input, { companyId }) => {
    await sendKept(ctx, req, res, { key: ['documents'], caching: 'no-store' }, async () => {
      const rows = await companyDocuments(db, { companyId });
      const list: PortalDocument[] = rows.map((row) => ({
        id: row.id,
        name: row.file_name,
        description: row.description,
        category: row.category,
        contentType: row.content_type,
        sizeBytes: Number(row.size_bytes),
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
      }));
      return { documents: list };
    });
  });

  mount(routes.signedUrl, async (req, res, { body: { fileId } }, scope) => {
    const now = ctx.now();
    const limit = await hitRateLimit(db, `document.sign:user:${scope.userId}`, SIGN_RATE_LIMIT, now);
    if (!limit.allowed) {
      res.set('Retry-After', String(limit.retryAfterSeconds));
      return problem(res, 429, statusText(429), 'Too many download links requested. Try again shortly.');
    }
    const doc = await db
      .selectFrom('documents')
      .select('id')
      .where('id', '=', fileId)
      .where('company_id', '=', scope.companyId)
      .executeTakeFirst();
    if (!doc) return problem(res, 404, statusText(404), 'No such document for this company.');

    const expiresAt = Math.ceil(now.getTime() / 1000) + documents.signedUrlTtlSeconds;
    const link = signDownload(
      {
        fileId: doc.id,
        companyId: scope.companyId,
        userId: scope.userId,
        sessionId: scope.sessionId,
        expiresAt,
      },
      documents.signingKeys,
    );
    const expiresAtIso = new Date(expiresAt * 1000).toISOString();
    await writeAudit(db, {
      action: 'document.link_created',
      at: now,
      actorUserId: scope.userId,
      companyId: scope.companyId,
      ip: req.ip ?? null,
      detail: { documentId: doc.id, kid: link.kid, expiresAt: expiresAtIso },
    });
    // The URL is a credential until it expires: never cached.
    res
      .set('Cache-Control', 'no-store')
      .json({ url: downloadPath(req.baseUrl, link), expiresAt: expiresAtIso });
  });

  router.get('/files/:fileId', downloadRequest, createDownloadHandler(ctx, storage));

  createKnowledgeBaseRoutes(ctx, router);
  return router;
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { fileTypeFromFile } from 'file-type';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Logger } from 'pino';
import type { RequestAttachment } from '@client-portal/api-client/requests';
import type { HostConfig } from '../config/index.js';
import type { DocumentStorage } from '../documents/document-storage.js';
import { createDocumentStorage } from '../documents/storage.js';
import type { Database, RequestAttachmentsTable } from '../store/schema.js';
import type { Store } from '../store/index.js';
import { type ClamdSettings, type ScanVerdict, scanFile, scanStream } from './clamd.js';
import { cleanFileName, extensionOf } from './file-name.js';
import type { Actor } from './status.js';
import { onBehalfOf, writeEvent } from './store.js';
import { hostIn, isFinal } from './status.js';
import { ATTACHMENT_TYPES, loadPeople } from './views.js';

// Request attachments (issue #18 §6): files streamed from a multipart upload into the documents
// storage (disk or S3), checked, optionally virus-scanned, and recorded in request_attachments.
//
// An upload is all or nothing. Each file is streamed to a private temporary file while it is
// hashed (SHA-256) and counted; the moment a file passes the per-file limit, or the upload passes
// what is left of the request's limit, reading stops and the caller answers 413. Once the whole
// body is in, each file's type is decided from its content (file-type; plain text and CSV, which
// have no magic number, by their extension and valid UTF-8 without NUL) and checked against the
// allow-list (415 otherwise). Then, with clamd configured, each file is scanned; then the files
// are written to the storage (`requests/<company>/<request>/<attachment>`) and the rows and
// events are inserted in one transaction that checks the request again (still open, still within
// its limit) under a row lock. If anything fails, what was written to the storage is removed; the
// temporary files always are.
//
// Virus scan (`scan`):
//   - no clamd configured: 'not_scanned', served.
//   - clamd answers clean: 'clean', served. Infected: the row is kept for the record with
//     'infected' and the signature, the bytes are never stored (or, found later, deleted), an
//     event says it was removed, and it is never served.
//   - clamd down, refusing, timing out or failing on its side: 'pending' (stored, not served) and
//     scanned again by rescanPending (the requests' schedule) until it answers; still unscanned
//     PENDING_GIVE_UP_MS after the upload: 'failed', the bytes deleted.
//   - clamd refuses the file for good (larger than its StreamMaxLength): 'failed' at once, nothing
//     stored. 'failed' is never served: raise StreamMaxLength to at least REQUEST_FILE_MAX_MB.

export { ATTACHMENT_TYPES };

/** Shown inline (previews): images and PDF. Everything else is only ever a download. */
export const PREVIEW_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/** Served (a link can be made): scanned clean, or no scanner configured. */
export const SERVED_SCANS: readonly RequestAttachmentsTable['scan'][] = ['clean', 'not_scanned'];
/** Whose bytes count against the request's limit (infected and failed files have none). */
const STORED_SCANS: readonly RequestAttachmentsTable['scan'][] = ['pending', 'clean', 'not_scanned'];

/** A pending file clamd has not been able to scan for this long is given up: 'failed'. */
export const PENDING_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** Files rescanned by one rescanPending run at most. */
export const RESCAN_BATCH = 50;
/** Text and CSV: this much of the start must be valid UTF-8 without NUL. */
const TEXT_SNIFF_BYTES = 4096;
const TEXT_TYPES: Readonly<Record<string, string>> = { txt: 'text/plain', csv: 'text/csv' };
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'text/plain': 'plain text (.txt)',
  'text/csv': 'CSV (.csv)',
  'application/zip': 'ZIP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (.xlsx)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint (.pptx)',
};
const ACCEPTED_TEXT = ATTACHMENT_TYPES.map((type) => TYPE_NAMES[type] ?? type).join(', ');
/** The attachment id a `replaces` field may name. */
const ATTACHMENT_ID = /^att_[0-9a-f]{24}$/;

type Db = Kysely<Database>;
type AttachmentRow = Selectable<RequestAttachmentsTable>;
type ScanState = RequestAttachmentsTable['scan'];

/** A refusal the route answers as problem+json with `status` and `detail`. */
export class AttachmentError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AttachmentError';
  }
}

export interface AttachmentLimits {
  /** One file at most. */
  fileBytes: number;
  /** The request's files together at most. */
  requestBytes: number;
  /** Files in one upload at most (the contract's multipart.maxFiles). */
  maxFiles: number;
}

/** "25 MB", "1.5 MB", "512 KB", "900 bytes". */
export function formatBytes(bytes: number): string {
  const unit = (value: number, name: string) => {
    const rounded = Math.round(value * 10) / 10;
    return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${name}`;
  };
  if (bytes >= 1024 * 1024) return unit(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return unit(bytes / 1024, 'KB');
  return `${bytes} bytes`;
}

export const fileLimitDetail = (limits: AttachmentLimits) =>
  `Files can be at most ${formatBytes(limits.fileBytes)} each.`;
export const requestLimitDetail = (limits: AttachmentLimits, left: number) =>
  `A request’s files can be at most ${formatBytes(limits.requestBytes)} together${
    left > 0 ? `; ${formatBytes(left)} is left for this one.` : ', and this one has no room left.'
  }`;

export const newAttachmentId = () => `att_${randomBytes(12).toString('hex')}`;

export const attachmentStorageKey = (companyId: string, requestId: string, attachmentId: string) =>
  `requests/${companyId}/${requestId}/${attachmentId}`;

// ── Receiving ─────────────────────────────────────────────────────────────────────────────────

/** One file of an upload, in a temporary file until it is stored. */
export interface SpooledFile {
  fileName: string;
  /** The temporary file. */
  path: string;
  size: number;
  sha256: string;
  /** The first TEXT_SNIFF_BYTES bytes (plain text is recognised from them). */
  head: Buffer;
  /** The attachment this file is a newer version of (the `replaces` field before it). */
  replacesId: string | null;
}

export interface ReceiveOptions {
  limits: AttachmentLimits;
  /** Bytes the request's stored files already take. */
  usedBytes: number;
  /** Where the temporary files go (a private directory the caller removes). */
  dir: string;
  /** The multipart field that carries the files (the contract's multipart.field). */
  field: string;
}

/** True for `multipart/form-data` (with its parameters). */
export function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/**
 * Reads a multipart/form-data body into temporary files, enforcing the limits while streaming.
 * Throws AttachmentError (400 malformed or unexpected fields, 413 a limit passed); then `source`
 * is no longer read (unpiped and paused): the caller answers and ends the connection.
 */
export function receiveFiles(
  source: Readable,
  headers: IncomingHttpHeaders,
  options: ReceiveOptions,
): Promise<SpooledFile[]> {
  const { limits, dir, field } = options;
  const left = Math.max(0, limits.requestBytes - options.usedBytes);
  return new Promise<SpooledFile[]>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles,
          fields: limits.maxFiles,
          parts: limits.maxFiles * 2,
          fieldNameSize: 100,
          fieldSize: 200,
          headerPairs: 20,
          // Our own count stops first; busboy's is a backstop.
          fileSize: limits.fileBytes + 1,
        },
      });
    } catch {
      return reject(new AttachmentError(400, 'The body is not valid multipart/form-data (no boundary).'));
    }
    const files: SpooledFile[] = [];
    const writing: Promise<void>[] = [];
    let total = 0;
    let replaces: string | null = null;
    let failed = false;
    let current: Readable | null = null;

    const fail = (error: AttachmentError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.pause();
      // With an error: a file stream destroyed without one may leave its pipeline waiting.
      current?.destroy(new Error('the upload was stopped'));
      // Whatever busboy still says is of no interest now.
      parser.removeAllListeners();
      parser.on('error', () => {});
      // The temporary files are removed with the caller's directory.
      Promise.allSettled(writing).then(() => reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (name !== 'replaces') {
        return fail(
          new AttachmentError(
            400,
            `Unexpected form field "${name.slice(0, 40)}": send files in "${field}" and, before a file, "replaces".`,
          ),
        );
      }
      if (info.valueTruncated || !ATTACHMENT_ID.test(value)) {
        return fail(new AttachmentError(400, '"replaces" must be the id of an attachment of this request.'));
      }
      if (replaces !== null) return fail(new AttachmentError(400, 'Send "replaces" once before each file.'));
      replaces = value;
    });

    parser.on('file', (name, stream, info) => {
      if (failed) return void stream.resume();
      if (name !== field) {
        stream.resume();
        return fail(new AttachmentError(400, `Send the files in the form field "${field}".`));
      }
      current = stream;
      const index = files.length;
      const path = join(dir, `file-${index}`);
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          if (size > limits.fileBytes) {
            return done(new AttachmentError(413, fileLimitDetail(limits)));
          }
          if (total > left) return done(new AttachmentError(413, requestLimitDetail(limits, left)));
          hash.update(chunk);
          if (headBytes < TEXT_SNIFF_BYTES) {
            const part = chunk.subarray(0, TEXT_SNIFF_BYTES - headBytes);
            head.push(part);
            headBytes += part.length;
          }
          done(null, chunk);
        },
      });
      const file: SpooledFile = {
        fileName: cleanFileName(info.filename),
        path,
        size: 0,
        sha256: '',
        head: Buffer.alloc(0),
        replacesId: replaces,
      };
      replaces = null;
      files.push(file);
      writing.push(
        pipeline(stream, meter, createWriteStream(path, { flags: 'wx', mode: 0o600 })).then(
          () => {
            file.size = size;
            file.sha256 = hash.digest('hex');
            file.head = Buffer.concat(head);
          },
          (error: unknown) => {
            fail(
              error instanceof AttachmentError
                ? error
                : new AttachmentError(400, 'The upload was cut off before its end.'),
            );
          },
        ),
      );
    });

    parser.on('filesLimit', () =>
      fail(new AttachmentError(400, `Attach at most ${limits.maxFiles} files at once.`)),
    );
    parser.on('fieldsLimit', () => fail(new AttachmentError(400, 'The form has too many fields.')));
    parser.on('partsLimit', () => fail(new AttachmentError(400, 'The form has too many parts.')));
    parser.on('error', () => fail(new AttachmentError(400, 'The body is not valid multipart/form-data.')));
    parser.on('close', () => {
      Promise.all(writing).then(() => {
        if (failed) return;
        if (replaces !== null) {
          return fail(new AttachmentError(400, '"replaces" must come before the file it replaces.'));
        }
        if (files.length === 0) {
          return fail(new AttachmentError(400, `Attach at least one file in the form field "${field}".`));
        }
        failed = true;
        resolve(files);
      });
    });
    source.on('aborted', () => fail(new AttachmentError(400, 'The upload was cut off before its end.')));
    source.on('error', () => fail(new AttachmentError(400, 'The upload was cut off before its end.')));
    source.pipe(parser);
  });
}

// ── Type ──────────────────────────────────────────────────────────────────────────────────────

/** Valid UTF-8 without NUL (a cut at the end of a longer file may split a character). */
function isUtf8Text(head: Buffer, whole: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's media type from its content, or AttachmentError 415 naming what it is. Plain text
 * and CSV have no magic number: accepted when the name says .txt/.csv and the first 4 KB are
 * valid UTF-8 without NUL.
 */
export async function decideType(file: SpooledFile): Promise<string> {
  const detected = await fileTypeFromFile(file.path);
  if (detected) {
    if (ATTACHMENT_TYPES.includes(detected.mime)) return detected.mime;
    throw new AttachmentError(
      415,
      `“${file.fileName}” is ${detected.mime} (.${detected.ext}), which cannot be attached. Accepted: ${ACCEPTED_TEXT}.`,
    );
  }
  const text = TEXT_TYPES[extensionOf(file.fileName)];
  if (text && isUtf8Text(file.head, file.size <= TEXT_SNIFF_BYTES)) return text;
  throw new AttachmentError(
    415,
    `“${file.fileName}” is of a type that cannot be attached (its content is ${
      isUtf8Text(file.head, file.size <= TEXT_SNIFF_BYTES)
        ? 'text, but not a .txt or .csv file'
        : 'not recognised'
    }). Accepted: ${ACCEPTED_TEXT}.`,
  );
}

// ── Storing ───────────────────────────────────────────────────────────────────────────────────

/** The request an upload goes to, as the route found it (after the visibility check). */
export interface AttachTarget {
  id: string;
  companyId: string;
}

export interface AttachOptions {
  limits: AttachmentLimits;
  clamd: ClamdSettings | null;
  now: Date;
  logger?: Logger;
}

/** The bytes the request's stored files take (pending, clean and not scanned). */
export async function usedBytes(db: Db, target: AttachTarget): Promise<number> {
  const row = await db
    .selectFrom('request_attachments')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('used'))
    .where('request_id', '=', target.id)
    .where('company_id', '=', target.companyId)
    .where('scan', 'in', STORED_SCANS)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

function scanState(verdict: ScanVerdict | null): { scan: ScanState; scan_detail: string | null } {
  if (!verdict) return { scan: 'not_scanned', scan_detail: null };
  switch (verdict.kind) {
    case 'clean':
      return { scan: 'clean', scan_detail: null };
    case 'infected':
      return { scan: 'infected', scan_detail: verdict.signature };
    case 'error':
      return { scan: verdict.transient ? 'pending' : 'failed', scan_detail: verdict.detail.slice(0, 500) };
  }
}

/**
 * Checks, scans and stores the received files and records them (rows and 'attachment' events) in
 * one transaction; answers their views. Throws AttachmentError (404 `replaces` unknown, 409 the
 * request closed meanwhile or the replaced file already has a newer version, 413 the request's
 * limit passed by uploads at the same time, 415 a type). Nothing is kept when it throws.
 */
export async function attachFiles(
  db: Db,
  storage: DocumentStorage,
  actor: Actor,
  target: AttachTarget,
  files: readonly SpooledFile[],
  options: AttachOptions,
): Promise<RequestAttachment[]> {
  if (actor.kind === 'host') throw new AttachmentError(403, 'The host does not attach files.');
  const types = [];
  for (const file of files) types.push(await decideType(file));

  // The files they replace: of this request, and the latest version each.
  const replacedIds = files.map((f) => f.replacesId).filter((id): id is string => id !== null);
  if (new Set(replacedIds).size !== replacedIds.length) {
    throw new AttachmentError(400, 'Each file can replace a different attachment only.');
  }
  const replaced = new Map<string, { version: number }>();
  if (replacedIds.length > 0) {
    const rows = await db
      .selectFrom('request_attachments')
      .select(['id', 'version'])
      .where('request_id', '=', target.id)
      .where('company_id', '=', target.companyId)
      .where('id', 'in', replacedIds)
      .execute();
    for (const row of rows) replaced.set(row.id, { version: row.version });
    if (replaced.size !== replacedIds.length) {
      throw new AttachmentError(404, '"replaces" names no attachment of this request.');
    }
  }

  const prepared: {
    file: SpooledFile;
    id: string;
    contentType: string;
    key: string;
    scan: ScanState;
    scan_detail: string | null;
    store: boolean;
  }[] = [];
  for (const [index, file] of files.entries()) {
    const verdict = options.clamd ? await scanFile(options.clamd, file.path) : null;
    if (verdict?.kind === 'error') {
      options.logger?.warn(
        { detail: verdict.detail, transient: verdict.transient },
        'attachment scan failed',
      );
    }
    const id = newAttachmentId();
    const state = scanState(verdict);
    prepared.push({
      file,
      id,
      contentType: types[index] as string,
      key: attachmentStorageKey(target.companyId, target.id, id),
      ...state,
      // Infected and failed files are recorded, never stored.
      store: state.scan !== 'infected' && state.scan !== 'failed',
    });
  }

  const stored: string[] = [];
  try {
    for (const p of prepared) {
      if (!p.store) continue;
      await storage.putStream(p.key, createReadStream(p.file.path), p.file.size, p.contentType);
      stored.push(p.key);
    }
    const rows = await db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('requests')
        .select(['id', 'status'])
        .where('id', '=', target.id)
        .where('company_id', '=', target.companyId)
        .forUpdate()
        .executeTakeFirst();
      if (!request) throw new AttachmentError(404, 'The request was not found.');
      if (isFinal(request.status)) {
        throw new AttachmentError(409, 'The request is closed: files can no longer be attached.');
      }
      const used = await usedBytes(trx, target);
      const adding = prepared.filter((p) => p.store).reduce((sum, p) => sum + p.file.size, 0);
      if (adding > 0 && used + adding > options.limits.requestBytes) {
        throw new AttachmentError(
          413,
          requestLimitDetail(options.limits, Math.max(0, options.limits.requestBytes - used)),
        );
      }
      if (replacedIds.length > 0) {
        const newer = await trx
          .selectFrom('request_attachments')
          .select('replaces_id')
          .where('company_id', '=', target.companyId)
          .where('request_id', '=', target.id)
          .where('replaces_id', 'in', replacedIds)
          .executeTakeFirst();
        if (newer) {
          throw new AttachmentError(409, 'That file already has a newer version: replace the newest one.');
        }
      }
      const inserted: AttachmentRow[] = [];
      for (const p of prepared) {
        const row = await trx
          .insertInto('request_attachments')
          .values({
            id: p.id,
            request_id: target.id,
            company_id: target.companyId,
            file_name: p.file.fileName,
            content_type: p.contentType,
            size_bytes: p.file.size,
            sha256: p.file.sha256,
            storage_key: p.key,
            scan: p.scan,
            scan_detail: p.scan_detail,
            version: p.file.replacesId ? (replaced.get(p.file.replacesId)?.version ?? 0) + 1 : 1,
            replaces_id: p.file.replacesId,
            uploaded_by: actor.userId,
            on_behalf_of: onBehalfOf(actor),
            created_at: options.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        inserted.push(row);
        await writeAttachmentEvent(
          trx,
          actor,
          target,
          { fileName: row.file_name, attachmentId: row.id },
          options.now,
        );
        if (p.scan === 'infected') {
          await writeAttachmentEvent(
            trx,
            actor,
            target,
            { fileName: row.file_name, attachmentId: row.id, removed: 'infected' },
            options.now,
          );
        }
      }
      return inserted;
    });
    return await attachmentViews(db, rows);
  } catch (error) {
    await removeAll(storage, stored, options.logger);
    throw error;
  }
}

async function removeAll(storage: DocumentStorage, keys: readonly string[], logger?: Logger): Promise<void> {
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (error) {
      logger?.error({ err: error, storageKey: key }, 'could not remove an attachment’s stored bytes');
    }
  }
}

/** An 'attachment' event; `actor` null: the host (a rescan). */
function writeAttachmentEvent(
  db: Db,
  actor: Actor | null,
  target: AttachTarget,
  after: Record<string, string>,
  now: Date,
): Promise<void> {
  const request = { id: target.id, company_id: target.companyId };
  return writeEvent(db, actor ?? hostIn(target.companyId), request, 'attachment', undefined, after, now);
}

/** The contract's view of attachment rows. */
export async function attachmentViews(
  db: Db,
  rows: readonly Pick<
    AttachmentRow,
    | 'id'
    | 'file_name'
    | 'content_type'
    | 'size_bytes'
    | 'scan'
    | 'version'
    | 'replaces_id'
    | 'uploaded_by'
    | 'created_at'
    | 'document_id'
  >[],
): Promise<RequestAttachment[]> {
  const people = await loadPeople(
    db,
    rows.map((r) => r.uploaded_by),
  );
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    scan: row.scan,
    version: row.version,
    replacesId: row.replaces_id,
    uploadedBy: people.get(row.uploaded_by) ?? { id: row.uploaded_by, name: 'Former user', provider: false },
    createdAt: new Date(row.created_at).toISOString(),
    savedToDocuments: row.document_id !== null,
  }));
}

/** A private temporary directory for one upload's files; remove it with `removeUploadDir`. */
export function createUploadDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'cp-upload-'));
}

export async function removeUploadDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

// ── Rescanning ────────────────────────────────────────────────────────────────────────────────

/** What rescanPending needs of the host. */
export interface RescanContext {
  config: Pick<HostConfig, 'documents' | 'requests'>;
  store: Pick<Store, 'db'>;
  logger?: Logger;
  now: () => Date;
}

export interface RescanOptions {
  /** Defaults to the configured storage (opened and closed by the run). */
  storage?: DocumentStorage;
  /** Defaults to config.requests.attachments.clamd. */
  clamd?: ClamdSettings | null;
  limit?: number;
}

export interface RescanReport {
  scanned: number;
  clean: number;
  infected: number;
  failed: number;
  /** Still pending (clamd still unreachable). */
  pending: number;
}

/**
 * Scans the files still 'pending' (clamd was unreachable when they came), oldest first, at most
 * RESCAN_BATCH a run: the requests' schedule calls it. Clean → 'clean'; infected → the bytes are
 * deleted, 'infected' and an event; clamd refusing the file → 'failed' and the bytes deleted;
 * clamd still unreachable → left pending, or 'failed' (bytes deleted) once PENDING_GIVE_UP_MS have
 * passed since the upload. Without clamd configured nothing is done. Safe with several host
 * instances: each verdict is written only while the row is still pending (two instances may scan
 * the same file; the first verdict stands).
 */
export async function rescanPending(ctx: RescanContext, options: RescanOptions = {}): Promise<RescanReport> {
  const report: RescanReport = { scanned: 0, clean: 0, infected: 0, failed: 0, pending: 0 };
  const clamd = options.clamd === undefined ? ctx.config.requests.attachments.clamd : options.clamd;
  if (!clamd) return report;
  const { db } = ctx.store;
  const rows = await db
    .selectFrom('request_attachments')
    .select(['id', 'request_id', 'company_id', 'file_name', 'storage_key', 'created_at'])
    .where('scan', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .limit(options.limit ?? RESCAN_BATCH)
    .execute();
  if (rows.length === 0) return report;
  const storage = options.storage ?? createDocumentStorage(ctx.config.documents);
  try {
    for (const row of rows) {
      const now = ctx.now();
      const file = await storage.open(row.storage_key);
      const verdict: ScanVerdict = file
        ? await scanStream(clamd, file.body)
        : { kind: 'error', transient: false, detail: 'the stored file is missing' };
      report.scanned += 1;
      let state = scanState(verdict);
      const givenUp = now.getTime() - new Date(row.created_at).getTime() >= PENDING_GIVE_UP_MS;
      if (state.scan === 'pending' && givenUp) {
        state = {
          scan: 'failed',
          scan_detail: `not scanned within a day: ${state.scan_detail ?? ''}`.slice(0, 500),
        };
      }
      const target = { id: row.request_id, companyId: row.company_id };
      const changed = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('request_attachments')
          .set(state)
          .where('company_id', '=', row.company_id)
          .where('id', '=', row.id)
          .where('scan', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        if (state.scan === 'infected') {
          await writeAttachmentEvent(
            trx,
            null,
            target,
            { fileName: row.file_name, attachmentId: row.id, removed: 'infected' },
            now,
          );
        }
        return true;
      });
      if (!changed) continue;
      report[state.scan === 'not_scanned' ? 'clean' : state.scan] += 1;
      if (state.scan === 'infected' || state.scan === 'failed') {
        await removeAll(storage, [row.storage_key], ctx.logger);
      }
      ctx.logger?.info(
        { attachmentId: row.id, scan: state.scan, detail: state.scan_detail },
        'attachment rescanned',
      );
    }
  } finally {
    if (!options.storage) storage.close();
  }
  return report;
}

// ── Saving to the company's documents ─────────────────────────────────────────────────────────

/** A document request's `document` field → the documents' category. */
const CATEGORY_OF: Readonly<Record<string, Database['documents']['category']>> = {
  contract: 'contract',
  invoice_copy: 'invoice',
  compliance_form: 'policy',
};

export interface SaveTarget extends AttachTarget {
  key: string;
  title: string;
  fields: Record<string, unknown>;
}

/**
 * Copies the attachment's bytes to a document of the company (`documents/<company>/<document>`),
 * inserts the documents row and marks the attachment saved, with an 'attachment' event. A file
 * already saved is left as it is. Throws AttachmentError: 404 unknown, 409 not served (pending,
 * infected, failed).
 */
export async function saveToDocuments(
  db: Db,
  storage: DocumentStorage,
  actor: Actor,
  target: SaveTarget,
  attachmentId: string,
  options: { now: Date; logger?: Logger },
): Promise<void> {
  const row = await findAttachment(db, target, attachmentId);
  if (!row) throw new AttachmentError(404, 'No such file on this request.');
  if (row.document_id !== null) return;
  if (!SERVED_SCANS.includes(row.scan)) throw notServed(row.scan);
  const file = await storage.open(row.storage_key);
  if (!file) throw new AttachmentError(404, 'No such file on this request.');
  const documentId = `doc_${randomBytes(12).toString('hex')}`;
  const key = `documents/${target.companyId}/${documentId}`;
  await storage.putStream(key, file.body, file.size, row.content_type);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('documents')
        .values({
          id: documentId,
          company_id: target.companyId,
          title: row.file_name.replace(/\.[^.]+$/, '') || row.file_name,
          file_name: row.file_name,
          description: `From request ${target.key}: ${target.title}`.slice(0, 500),
          category: CATEGORY_OF[String(target.fields.document)] ?? 'other',
          content_type: row.content_type,
          size_bytes: file.size,
          storage_key: key,
          created_at: options.now,
        })
        .execute();
      const marked = await trx
        .updateTable('request_attachments')
        .set({ document_id: documentId })
        .where('id', '=', row.id)
        .where('company_id', '=', target.companyId)
        .where('document_id', 'is', null)
        .executeTakeFirst();
      // Saved by someone else meanwhile: keep theirs.
      if (Number(marked.numUpdatedRows) === 0) throw new AlreadySaved();
      await writeAttachmentEvent(
        trx,
        actor,
        target,
        { fileName: row.file_name, attachmentId: row.id, documentId },
        options.now,
      );
    });
  } catch (error) {
    await removeAll(storage, [key], options.logger);
    if (error instanceof AlreadySaved) return;
    throw error;
  }
}

class AlreadySaved extends Error {}

/** The attachment of the request, or undefined (another request's or company's is unknown). */
export function findAttachment(db: Db, target: AttachTarget, attachmentId: string) {
  return db
    .selectFrom('request_attachments')
    .selectAll()
    .where('id', '=', attachmentId)
    .where('request_id', '=', target.id)
    .where('company_id', '=', target.companyId)
    .executeTakeFirst();
}

/** The 409 for a file that is not served. */
export function notServed(scan: RequestAttachmentsTable['scan']): AttachmentError {
  switch (scan) {
    case 'pending':
      return new AttachmentError(409, 'The file is waiting for its virus scan. Try again in a moment.');
    case 'infected':
      return new AttachmentError(
        409,
        'The virus scanner found this file infected: it was removed and is never served.',
      );
    default:
      return new AttachmentError(409, 'The file could not be scanned for viruses, so it is not served.');
  }
}

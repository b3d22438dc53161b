import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process stand-in for S3 (real S3 is unreachable from the tests): path-style
 * `/{bucket}/{key}` GetObject, HeadObject, PutObject and DeleteObject as @aws-sdk/client-s3 sends them, with
 * S3's XML error bodies (NoSuchKey, NoSuchBucket, AccessDenied). Requests must carry a SigV4
 * Authorization header (or presigned query) naming `accessKeyId`; the signature itself is not
 * checked. Bodies sent with `Content-Encoding: aws-chunked` (the SDK's streaming checksums) are
 * decoded.
 */
export interface FakeS3 {
  /** http://127.0.0.1:{port}: the S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  /** Objects by key (including any prefix). */
  objects: Map<string, FakeObject>;
  /** Every request: method and object key (decoded), in order. */
  requests: { method: string; key: string }[];
  close(): Promise<void>;
}

export interface FakeObject {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface FakeS3Options {
  bucket?: string;
  accessKeyId?: string;
}

function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, key = ''): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(
    message,
  )}</Message><Key>${xmlEscape(key)}</Key><RequestId>fake-s3</RequestId></Error>`;
  res.writeHead(status, {
    'Content-Type': 'application/xml',
    'Content-Length': Buffer.byteLength(body),
    'x-amz-request-id': 'fake-s3',
  });
  // A HEAD response has no body: the SDK then names the error after the status (NotFound).
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Decodes an aws-chunked body: `<hex size>[;ext]\r\n<data>\r\n … 0\r\n<trailers>\r\n`. */
export function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('aws-chunked: missing chunk header');
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked: bad chunk size');
    offset = lineEnd + 2;
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(offset, offset + size));
    offset += size + 2;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function authorised(req: IncomingMessage, url: URL, accessKeyId: string): boolean {
  const header = req.headers.authorization ?? '';
  const credential = url.searchParams.get('X-Amz-Credential') ?? '';
  return (
    (header.startsWith('AWS4-HMAC-SHA256 ') && header.includes(`Credential=${accessKeyId}/`)) ||
    credential.startsWith(`${accessKeyId}/`)
  );
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'portal-documents';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TEST';
  const objects = new Map<string, FakeObject>();
  const requests: FakeS3['requests'] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    const method = req.method ?? 'GET';
    requests.push({ method, key });
    if (!authorised(req, url, accessKeyId)) {
      return sendError(res, 403, 'AccessDenied', 'Access Denied', key);
    }
    if (decodeURIComponent(bucketName) !== bucket) {
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (method === 'PUT') {
      let bytes = await readBody(req);
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked'))
        bytes = decodeAwsChunked(bytes);
      const contentType = String(req.headers['content-type'] ?? 'binary/octet-stream');
      objects.set(key, { bytes, contentType, lastModified: new Date() });
      const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
      res.writeHead(200, { ETag: etag, 'Content-Length': 0, 'x-amz-request-id': 'fake-s3' });
      return void res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204, { 'x-amz-request-id': 'fake-s3' });
      return void res.end();
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed', key);
    }
    const object = objects.get(key);
    if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', key);
    res.writeHead(200, {
      'Content-Type': object.contentType,
      'Content-Length': object.bytes.length,
      ETag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
      'Last-Modified': object.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
      'x-amz-request-id': 'fake-s3',
    });
    res.end(method === 'HEAD' ? undefined : object.bytes);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

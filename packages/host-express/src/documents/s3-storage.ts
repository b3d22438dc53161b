import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/index.js';
import { checkStorageKey, type DocumentStorage, type StoredFile } from './document-storage.js';

/**
 * NoSuchKey (GetObject), NotFound (HeadObject: a HEAD answer has no body to name the error). Other
 * 404s (NoSuchBucket) are configuration mistakes and surface as errors.
 */
function isNoSuchKey(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return name === 'NoSuchKey' || name === 'NotFound' || Code === 'NoSuchKey';
}

/** The S3 client for the configured bucket: explicit keys or the SDK's default credential chain. */
export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    maxAttempts: 3,
    // A download waits on S3: fail in seconds rather than hang the request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Objects under `prefix` in `bucket`. Keys pass checkStorageKey first: S3 would store ".." as it is,
 * but an S3-compatible server or a proxy in between may normalise it and leave the prefix.
 */
export function createS3Storage(s3: S3Settings, client: S3Client = createS3Client(s3)): DocumentStorage {
  const objectKey = (key: string) => `${s3.prefix}${checkStorageKey(key)}`;
  return {
    kind: 's3',
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },
    async open(key): Promise<StoredFile | null> {
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
      const body = object.Body;
      if (!(body instanceof Readable)) {
        // Node's SDK answers with an IncomingMessage; anything else is a configuration mistake.
        (body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new Error('S3 GetObject returned no Node.js stream');
      }
      if (typeof object.ContentLength !== 'number') {
        body.destroy();
        throw new Error('S3 GetObject returned no Content-Length');
      }
      return { size: object.ContentLength, body };
    },
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async putStream(key, body, size, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: objectKey(key),
            Body: body,
            ContentType: contentType,
            ContentLength: size,
          }),
        );
      } finally {
        body.destroy();
      }
    },
    async remove(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}

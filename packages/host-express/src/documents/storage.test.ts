import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../config/index.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';
import { checkStorageKey, type DocumentStorage, StorageKeyError } from './document-storage.js';
import { decodeAwsChunked, type FakeS3, startFakeS3 } from './test-support/fake-s3.js';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HOSTILE_KEYS = [
  '',
  '/etc/passwd',
  '../outside.pdf',
  'demo/../../outside.pdf',
  'demo/./x.pdf',
  'demo//x.pdf',
  'demo/x.pdf/',
  'demo\\..\\x.pdf',
  'demo/x\u0000.pdf',
  'demo/x\n.pdf',
  'x'.repeat(1025),
];

describe('checkStorageKey', () => {
  it('accepts plain relative keys', () => {
    expect(checkStorageKey('demo/acme/doc-acme-msa.pdf')).toBe('demo/acme/doc-acme-msa.pdf');
    expect(checkStorageKey('Files with spaces/MSA 2025 (signed) ü.pdf')).toContain('ü');
    expect(checkStorageKey('a..b/..c/d..')).toBe('a..b/..c/d..');
  });

  it.each(HOSTILE_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))('refuses %s', (_, key) => {
    expect(() => checkStorageKey(key)).toThrow(StorageKeyError);
  });
});

describe('disk storage', () => {
  let base: string;
  let filesDir: string;
  let storage: DocumentStorage;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'cp-disk-storage-'));
    filesDir = join(base, 'files');
    await mkdir(join(filesDir, 'demo'), { recursive: true });
    await writeFile(join(base, 'outside.pdf'), 'SECRET OUTSIDE FILES_DIR');
    await mkdir(join(base, 'outside-dir'));
    await writeFile(join(base, 'outside-dir', 'x.pdf'), 'SECRET IN A LINKED DIR');
    await writeFile(join(filesDir, 'demo', 'a.pdf'), '%PDF-1.4 a');
    await symlink(join(base, 'outside.pdf'), join(filesDir, 'demo', 'link.pdf'));
    await symlink(join(base, 'outside-dir'), join(filesDir, 'linked-dir'));
    storage = createDiskStorage(filesDir);
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('opens and stats a file under FILES_DIR', async () => {
    const file = await storage.open('demo/a.pdf');
    expect(file?.size).toBe(10);
    expect((await bytesOf(file!.body)).toString()).toBe('%PDF-1.4 a');
    expect(await storage.stat('demo/a.pdf')).toEqual({ size: 10 });
  });

  it('answers null for a missing file or a directory', async () => {
    expect(await storage.open('demo/missing.pdf')).toBeNull();
    expect(await storage.stat('demo/missing.pdf')).toBeNull();
    expect(await storage.open('demo')).toBeNull();
    expect(await storage.open('demo/a.pdf/deeper')).toBeNull();
  });

  it.each(HOSTILE_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))(
    'refuses the key %s before touching the disk',
    async (_, key) => {
      await expect(storage.open(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.stat(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError);
    },
  );

  it('refuses symbolic links that lead out of FILES_DIR', async () => {
    await expect(storage.open('demo/link.pdf')).rejects.toThrow(StorageKeyError);
    await expect(storage.open('linked-dir/x.pdf')).rejects.toThrow(StorageKeyError);
    await expect(storage.put('linked-dir/new.pdf', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      StorageKeyError,
    );
  });

  it('puts files, creating folders', async () => {
    await storage.put('uploads/2025/new.pdf', Buffer.from('%PDF new'), 'application/pdf');
    const file = await storage.open('uploads/2025/new.pdf');
    expect((await bytesOf(file!.body)).toString()).toBe('%PDF new');
  });
});

describe('S3 storage against the fake S3 server', () => {
  let s3: FakeS3;
  let settings: S3Settings;
  let storage: DocumentStorage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    settings = {
      bucket: s3.bucket,
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      prefix: 'portal/',
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'fake-secret-key-for-tests' },
    };
    storage = createS3Storage(settings);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('puts, stats and gets an object under the prefix (PutObject, HeadObject, GetObject)', async () => {
    const bytes = Buffer.from('%PDF-1.7 stored in S3 ü');
    await storage.put('demo/acme/Ünïcode name.pdf', bytes, 'application/pdf');
    const stored = s3.objects.get('portal/demo/acme/Ünïcode name.pdf');
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('application/pdf');
    expect(await storage.stat('demo/acme/Ünïcode name.pdf')).toEqual({ size: bytes.length });
    const file = await storage.open('demo/acme/Ünïcode name.pdf');
    expect(file?.size).toBe(bytes.length);
    expect((await bytesOf(file!.body)).equals(bytes)).toBe(true);
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'HEAD', 'GET']);
  });

  it('answers null for a missing key (404 NoSuchKey; HEAD 404)', async () => {
    expect(await storage.open('demo/missing.pdf')).toBeNull();
    expect(await storage.stat('demo/missing.pdf')).toBeNull();
  });

  it('refuses hostile keys without calling S3', async () => {
    const before = s3.requests.length;
    for (const key of HOSTILE_KEYS) await expect(storage.open(key)).rejects.toThrow(StorageKeyError);
    expect(s3.requests.length).toBe(before);
  });

  it('passes other S3 errors on (wrong credentials → AccessDenied, unknown bucket)', async () => {
    const wrongKeys = createS3Storage({
      ...settings,
      credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' },
    });
    const wrongBucket = createS3Storage({ ...settings, bucket: 'other-bucket' });
    try {
      await expect(wrongKeys.open('demo/acme/Ünïcode name.pdf')).rejects.toMatchObject({
        name: 'AccessDenied',
      });
      await expect(wrongBucket.open('demo/acme/Ünïcode name.pdf')).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
    } finally {
      wrongKeys.close();
      wrongBucket.close();
    }
  });

  it('decodes aws-chunked bodies', () => {
    const raw = Buffer.from(
      '5;chunk-signature=abc\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:AAAA\r\n\r\n',
    );
    expect(decodeAwsChunked(raw).toString()).toBe('hello world');
  });
});

import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../documents/disk-storage.js';
import {
  ATTACHMENT_TYPES,
  AttachmentError,
  decideType,
  formatBytes,
  receiveFiles,
  type SpooledFile,
} from './attachments.js';
import { BOUNDARY, file, multipartBody, PDF, PNG, TEXT } from './test-support/attachments.js';

/** A ZIP archive of stored (uncompressed) entries. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document/>',
});

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cp-attachments-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function spooled(fileName: string, bytes: Buffer): Promise<SpooledFile> {
  const path = join(dir, `f-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, bytes);
  return { fileName, path, size: bytes.length, sha256: '', head: bytes.subarray(0, 4096), replacesId: null };
}

async function refusal(promise: Promise<unknown>): Promise<AttachmentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AttachmentError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('decideType', () => {
  it('decides from the content, whatever the name says', async () => {
    expect(await decideType(await spooled('a.txt', PDF))).toBe('application/pdf');
    expect(await decideType(await spooled('photo', PNG))).toBe('image/png');
    expect(await decideType(await spooled('archive.zip', zip({ 'a.txt': 'hello' })))).toBe('application/zip');
    expect(await decideType(await spooled('contract.docx', DOCX))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('takes UTF-8 text without NUL as .txt or .csv only', async () => {
    expect(await decideType(await spooled('notes.TXT', TEXT))).toBe('text/plain');
    expect(await decideType(await spooled('hours.csv', Buffer.from('date,hours\n2025-06-01,7.5\n')))).toBe(
      'text/csv',
    );
    expect((await refusal(decideType(await spooled('page.html', TEXT)))).status).toBe(415);
    expect(
      (await refusal(decideType(await spooled('bad.txt', Buffer.from([0x61, 0xff, 0x62]))))).status,
    ).toBe(415);
    expect((await refusal(decideType(await spooled('nul.csv', Buffer.from('a\0b'))))).status).toBe(415);
    // A multi-byte character cut at 4 KB is still text.
    const long = Buffer.from(`${'a'.repeat(4095)}é and more`);
    expect(await decideType({ ...(await spooled('long.txt', long)), head: long.subarray(0, 4096) })).toBe(
      'text/plain',
    );
  });

  it('names what it refuses', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(await decideType(await spooled('x.gif', gif))).toBe('image/gif');
    const elf = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(64)]);
    const error = await refusal(decideType(await spooled('report.pdf', elf)));
    expect(error.detail).toMatch(
      /^“report\.pdf” is application\/x-elf \(\.elf\), which cannot be attached\. Accepted: PDF, PNG/,
    );
    expect(ATTACHMENT_TYPES).toHaveLength(11);
  });
});

describe('receiveFiles', () => {
  const limits = { fileBytes: 1000, requestBytes: 2500, maxFiles: 3 };
  const receive = (body: Buffer, usedBytes = 0) => {
    const source = new PassThrough();
    const result = receiveFiles(
      source,
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      { limits, usedBytes, dir, field: 'file' },
    );
    source.end(body);
    return result;
  };

  it('spools each file with its hash and size, and the replaces field before it', async () => {
    const files = await receive(
      multipartBody([
        file('a.txt', TEXT),
        { name: 'replaces', value: `att_${'0'.repeat(24)}` },
        file('b.pdf', PDF),
      ]),
    );
    expect(files.map((f) => [f.fileName, f.size, f.replacesId])).toEqual([
      ['a.txt', TEXT.length, null],
      ['b.pdf', PDF.length, `att_${'0'.repeat(24)}`],
    ]);
    expect(files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(files[1]?.path ?? '')).equals(PDF)).toBe(true);
  });

  it('stops at the per-file and the per-request limits, naming them', async () => {
    const big = await refusal(receive(multipartBody([file('a.pdf', Buffer.alloc(1001))])));
    expect([big.status, big.detail]).toEqual([413, 'Files can be at most 1000 bytes each.']);
    const sum = await refusal(
      receive(multipartBody([file('a.pdf', Buffer.alloc(900)), file('b.pdf', Buffer.alloc(900))]), 1000),
    );
    expect(sum.status).toBe(413);
    expect(sum.detail).toMatch(
      /^A request’s files can be at most 2.4 KB together; 1.5 KB is left for this one\.$/,
    );
  });

  it('refuses unknown fields, a replaces after its file, malformed bodies and too many files', async () => {
    expect((await refusal(receive(multipartBody([{ name: 'x', value: '1' }])))).status).toBe(400);
    expect(
      (
        await refusal(
          receive(multipartBody([file('a.txt', TEXT), { name: 'replaces', value: `att_${'1'.repeat(24)}` }])),
        )
      ).detail,
    ).toMatch(/before the file/);
    expect(
      (await refusal(receive(multipartBody([{ name: 'replaces', value: '../x' }, file('a.txt', TEXT)]))))
        .status,
    ).toBe(400);
    expect((await refusal(receive(Buffer.from('not multipart at all')))).status).toBe(400);
    const four = Array.from({ length: 4 }, (_, i) => file(`${i}.txt`, TEXT));
    expect((await refusal(receive(multipartBody(four)))).detail).toBe('Attach at most 3 files at once.');
  });

  it('refuses a body without a boundary', async () => {
    const error = await refusal(
      receiveFiles(
        Readable.from([]),
        { 'content-type': 'multipart/form-data' },
        { limits, usedBytes: 0, dir, field: 'file' },
      ),
    );
    expect(error.status).toBe(400);
  });
});

describe('formatBytes', () => {
  it('says megabytes, or kilobytes under one', () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(10 * 1024 * 1024 + 120)).toBe('10 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(900)).toBe('900 bytes');
  });
});

describe('disk storage putStream', () => {
  it('writes exactly the announced size, and leaves nothing when the stream is short or long', async () => {
    const storage = createDiskStorage(dir);
    await storage.putStream('requests/acme/r/a', Readable.from([PDF]), PDF.length, 'application/pdf');
    expect((await readFile(join(dir, 'requests/acme/r/a'))).equals(PDF)).toBe(true);
    await expect(
      storage.putStream('requests/acme/r/b', Readable.from([PDF]), PDF.length + 1, 'x/y'),
    ).rejects.toThrow(/ended after/);
    await expect(
      storage.putStream('requests/acme/r/c', Readable.from([PDF]), PDF.length - 1, 'x/y'),
    ).rejects.toThrow(/longer/);
    expect(await readdir(join(dir, 'requests/acme/r'))).toEqual(['a']);
    await storage.remove('requests/acme/r/a');
    await storage.remove('requests/acme/r/missing');
    expect(await readdir(join(dir, 'requests/acme/r'))).toEqual([]);
  });
});

import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClamdReply, scanStream } from './clamd.js';
import { closedPort, EICAR, type FakeClamd, startFakeClamd } from './test-support/fake-clamd.js';

/** `total` bytes in chunks of `size`, made as they are read. */
function generated(total: number, size = 100_000, fill = 0x61): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(size, total - sent);
      sent += n;
      this.push(Buffer.alloc(n, fill));
    },
  });
}

describe('clamd INSTREAM client', () => {
  let clamd: FakeClamd;
  beforeAll(async () => {
    clamd = await startFakeClamd({ streamMaxLength: 1_000_000 });
  });
  afterAll(async () => {
    await clamd.close();
  });

  it('sends the stream in length-prefixed chunks and reads a clean answer', async () => {
    const before = clamd.scanned.length;
    const verdict = await scanStream(
      { host: clamd.host, port: clamd.port, chunkBytes: 1000 },
      Readable.from([Buffer.from('hello '), Buffer.alloc(2500, 0x62)]),
    );
    expect(verdict).toEqual({ kind: 'clean' });
    expect(clamd.scanned.slice(before)).toEqual([
      Buffer.concat([Buffer.from('hello '), Buffer.alloc(2500, 0x62)]),
    ]);
  });

  it('reports the signature of an infected stream', async () => {
    const verdict = await scanStream(
      { host: clamd.host, port: clamd.port },
      Readable.from([Buffer.from(`prefix ${EICAR} suffix`)]),
    );
    expect(verdict).toEqual({ kind: 'infected', signature: 'Eicar-Test-Signature' });
  });

  it('scans an empty stream', async () => {
    expect(await scanStream({ host: clamd.host, port: clamd.port }, Readable.from([]))).toEqual({
      kind: 'clean',
    });
  });

  it('reads clamd’s size-limit error while still sending, as a lasting failure', async () => {
    const body = generated(5_000_000);
    const verdict = await scanStream({ host: clamd.host, port: clamd.port }, body);
    expect(verdict).toMatchObject({ kind: 'error', transient: false });
    expect(verdict.kind === 'error' && verdict.detail).toMatch(/size limit exceeded/);
    // The rest of the file was not read.
    expect(body.destroyed).toBe(true);
  });

  it('answers a refused connection (clamd down) as a transient error', async () => {
    const verdict = await scanStream(
      { host: '127.0.0.1', port: await closedPort() },
      Readable.from([Buffer.from('x')]),
    );
    expect(verdict).toMatchObject({ kind: 'error', transient: true });
    expect(verdict.kind === 'error' && verdict.detail).toMatch(/ECONNREFUSED/);
  });

  it('gives up on a clamd that never answers (timeout), as a transient error', async () => {
    const silent = await startFakeClamd({ mode: 'silent' });
    try {
      const verdict = await scanStream(
        { host: silent.host, port: silent.port, timeoutMs: 150 },
        Readable.from([Buffer.from('x')]),
      );
      expect(verdict).toMatchObject({ kind: 'error', transient: true });
      expect(verdict.kind === 'error' && verdict.detail).toMatch(/did not answer within 150 ms/);
      expect(silent.scanned).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it('treats a connection closed without an answer as transient', async () => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const verdict = await scanStream(
        { host: '127.0.0.1', port: (server.address() as AddressInfo).port },
        Readable.from([Buffer.from('x')]),
      );
      expect(verdict).toMatchObject({ kind: 'error', transient: true });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('parses clamd’s answers', () => {
    expect(parseClamdReply('stream: OK\0')).toEqual({ kind: 'clean' });
    expect(parseClamdReply('stream: Win.Test.EICAR_HDB-1 FOUND')).toEqual({
      kind: 'infected',
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(parseClamdReply('INSTREAM size limit exceeded. ERROR')).toMatchObject({ transient: false });
    expect(parseClamdReply("Can't allocate memory ERROR")).toMatchObject({ kind: 'error', transient: true });
  });
});

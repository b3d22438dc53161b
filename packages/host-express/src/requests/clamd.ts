import { createReadStream } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * A virus scan through ClamAV's clamd, INSTREAM over TCP (clamd's TCPSocket, default port 3310):
 *
 *   → "zINSTREAM\0", then chunks (a 4-byte big-endian length, then that many bytes), then a
 *     zero-length chunk (4 zero bytes) to end the stream
 *   ← "stream: OK\0", "stream: <signature> FOUND\0", or "<reason> ERROR\0" — clamd answers
 *     "INSTREAM size limit exceeded. ERROR" and closes the connection as soon as the stream passes
 *     its StreamMaxLength, possibly while we are still sending.
 *
 * Never throws: every outcome is a verdict. An error is `transient` when trying again later may
 * help (clamd down, refused, reset, silent past the timeout, or an error of its own such as memory)
 * and not when it will not (the file is larger than clamd accepts).
 */

export interface ClamdSettings {
  host: string;
  port: number;
  /** Connecting, and each wait for clamd (accepting data, answering), at most this long (default 30 s). */
  timeoutMs?: number;
  /** The largest INSTREAM chunk sent (default 64 KiB; clamd's StreamMaxLength applies to the sum). */
  chunkBytes?: number;
}

export type ScanVerdict =
  | { kind: 'clean' }
  | { kind: 'infected'; signature: string }
  | { kind: 'error'; transient: boolean; detail: string };

export const CLAMD_TIMEOUT_MS = 30_000;
const CHUNK_BYTES = 64 * 1024;
/** clamd's answers are one short line; anything longer is not clamd. */
const MAX_REPLY_BYTES = 4096;

/** clamd's answer (without the NUL) as a verdict. */
export function parseClamdReply(reply: string): ScanVerdict {
  const text = reply.replace(/\0+$/, '').trim();
  if (text === 'stream: OK') return { kind: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found?.[1]) return { kind: 'infected', signature: found[1].slice(0, 200) };
  if (/size limit exceeded/i.test(text)) {
    return { kind: 'error', transient: false, detail: `clamd refused the file: ${text.slice(0, 200)}` };
  }
  return { kind: 'error', transient: true, detail: `clamd answered: ${text.slice(0, 200) || '(nothing)'}` };
}

/** Resolves once the socket can take more, or is gone. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

function header(length: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(length, 0);
  return bytes;
}

/** Scans `body` (consumed, or destroyed when the scan ends early). */
export function scanStream(settings: ClamdSettings, body: Readable): Promise<ScanVerdict> {
  const timeoutMs = settings.timeoutMs ?? CLAMD_TIMEOUT_MS;
  const chunkBytes = Math.max(1, settings.chunkBytes ?? CHUNK_BYTES);
  return new Promise<ScanVerdict>((resolve) => {
    let settled = false;
    const reply: Buffer[] = [];
    let replyBytes = 0;
    const socket = connect({ host: settings.host, port: settings.port });

    const finish = (verdict: ScanVerdict) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      body.destroy();
      resolve(verdict);
    };
    const transient = (detail: string) => finish({ kind: 'error', transient: true, detail });

    // An idle timeout: connecting, clamd not reading what we send, or not answering.
    socket.setTimeout(timeoutMs, () => transient(`clamd did not answer within ${timeoutMs} ms`));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // An answer that came before the error (clamd refusing mid-stream, then closing) counts.
      const nul = Buffer.concat(reply).indexOf(0);
      if (nul >= 0) return finish(parseClamdReply(Buffer.concat(reply).subarray(0, nul).toString('utf8')));
      transient(`clamd at ${settings.host}:${settings.port}: ${error.code ?? error.message}`);
    });
    socket.on('data', (data: Buffer) => {
      reply.push(data);
      replyBytes += data.length;
      const all = Buffer.concat(reply);
      const nul = all.indexOf(0);
      if (nul >= 0) return finish(parseClamdReply(all.subarray(0, nul).toString('utf8')));
      if (replyBytes > MAX_REPLY_BYTES) transient('clamd answered with more than one line');
    });
    socket.on('end', () => {
      if (replyBytes > 0) return finish(parseClamdReply(Buffer.concat(reply).toString('utf8')));
      transient('clamd closed the connection without an answer');
    });
    socket.on('close', () => transient('clamd closed the connection without an answer'));

    const send = async () => {
      socket.write('zINSTREAM\0');
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
          if (settled) return;
          const part = bytes.subarray(offset, offset + chunkBytes);
          socket.write(header(part.length));
          if (!socket.write(part)) await drained(socket);
        }
        if (settled) return;
      }
      if (!settled) socket.write(header(0));
    };
    socket.once('connect', () => {
      send().catch((error: unknown) => {
        transient(
          `reading the file to scan failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    });
  });
}

/** Scans a file on local disk. */
export function scanFile(settings: ClamdSettings, path: string): Promise<ScanVerdict> {
  return scanStream(settings, createReadStream(path));
}

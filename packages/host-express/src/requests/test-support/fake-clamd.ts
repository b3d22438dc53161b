import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for ClamAV's clamd on loopback that speaks its INSTREAM protocol as clamd does:
 * "zINSTREAM\0" (or "nINSTREAM\n"), then chunks of a 4-byte big-endian length and that many bytes,
 * ended by a zero-length chunk; it answers "stream: OK", "stream: Eicar-Test-Signature FOUND" (the
 * stream holds the EICAR test string) or, as soon as the stream passes `streamMaxLength`,
 * "INSTREAM size limit exceeded. ERROR" and closes the connection, as clamd does. `mode: 'silent'`
 * reads everything and never answers (a hung scanner); `mode: 'drop'` closes each connection at
 * once (a scanner that is down). The mode can be changed while it runs.
 */

/** The EICAR anti-virus test file: harmless, and every scanner reports it. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export interface FakeClamd {
  host: string;
  port: number;
  /** The streams scanned to the end, in order. */
  scanned: Buffer[];
  /** Connections accepted. */
  connections: number;
  /** answer: as clamd; silent: reads, never answers; drop: closes every connection at once (down). */
  mode: 'answer' | 'silent' | 'drop';
  close(): Promise<void>;
}

export interface FakeClamdOptions {
  streamMaxLength?: number;
  mode?: FakeClamd['mode'];
}

export async function startFakeClamd(options: FakeClamdOptions = {}): Promise<FakeClamd> {
  const streamMaxLength = options.streamMaxLength ?? 25 * 1024 * 1024;
  const sockets = new Set<Socket>();
  const fake: FakeClamd = {
    host: '127.0.0.1',
    port: 0,
    scanned: [],
    connections: 0,
    mode: options.mode ?? 'answer',
    close: async () => {},
  };

  const server: Server = createServer((socket) => {
    fake.connections += 1;
    if (fake.mode === 'drop') return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let command: 'z' | 'n' | null = null;
    const parts: Buffer[] = [];
    let received = 0;
    let done = false;
    const answer = (text: string, close = false) => {
      done = true;
      socket.write(`${text}${command === 'n' ? '\n' : '\0'}`);
      if (close) socket.end();
    };
    socket.on('data', (data: Buffer) => {
      if (done) return;
      buffer = Buffer.concat([buffer, data]);
      if (command === null) {
        const end = buffer.findIndex((b) => b === 0 || b === 0x0a);
        if (end < 0) return;
        const word = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 1);
        if (word === 'zINSTREAM') command = 'z';
        else if (word === 'nINSTREAM') command = 'n';
        else {
          command = 'z';
          return answer('UNKNOWN COMMAND', true);
        }
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const stream = Buffer.concat(parts);
          fake.scanned.push(stream);
          if (fake.mode === 'silent') {
            done = true;
            return;
          }
          return answer(stream.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND' : 'stream: OK', true);
        }
        if (buffer.length < 4 + length) return;
        parts.push(buffer.subarray(4, 4 + length));
        received += length;
        buffer = buffer.subarray(4 + length);
        if (received > streamMaxLength) return answer('INSTREAM size limit exceeded. ERROR', true);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}

/** A loopback port with nothing listening (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Express } from 'express';
import { hashPassword } from '../../store/passwords.js';
import { DEMO_PASSWORD } from '../../store/demo/index.js';
import { SAME_ORIGIN_HEADERS, type DemoHost } from '../../test-support/demo-host.js';
import { TEST_NOW } from '../../test-support/host.js';
import type { Actor } from '../status.js';
import { createRequest } from '../store.js';

/** Helpers of the attachments' route tests. */

export const BOUNDARY = '----cp-test-boundary-7MA4YWxkTrZu0gW';

/** A minimal PDF (file-type knows it by "%PDF"). */
export const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const TEXT = Buffer.from('Hours used in May: 42\nThanks!\n', 'utf8');
/** A Windows executable's start ("MZ" and a PE header offset). */
export const EXE = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0', 'latin1'),
  Buffer.alloc(200),
]);
export const HTML = Buffer.from(
  '<!doctype html><html><script>alert(document.cookie)</script></html>\n',
  'utf8',
);

export type Part =
  | { name: string; value: string }
  | { name: string; fileName: string; content: Buffer; type?: string; encodedName?: boolean };

/** A multipart/form-data body (file names written as raw UTF-8, as browsers do). */
export function multipartBody(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; ${
            part.encodedName
              ? `filename*=UTF-8''${encodeURIComponent(part.fileName)}`
              : `filename="${part.fileName}"`
          }\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const file = (fileName: string, content: Buffer): Part => ({ name: 'file', fileName, content });

/** POST a multipart body to the request's attachments, same-origin, with the session. */
export function upload(demo: DemoHost, key: string, cookie: string, parts: readonly Part[]) {
  return postMultipart(demo, `/api/requests/${key}/attachments`, cookie, multipartBody(parts));
}

export function postMultipart(demo: DemoHost, path: string, cookie: string, body: Buffer) {
  return (
    demo
      .post(path, undefined, cookie)
      // demo.post sends JSON; replace the body and its type.
      .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
      .send(body)
  );
}

/**
 * Streams a multipart body with one file of `fileBytes` bytes (a PDF header, then zeros) made as
 * it is sent, to a listening copy of the app, and resolves with the answer as soon as it comes
 * (the host cuts the connection after refusing; errors after the answer are expected).
 */
export async function streamUpload(
  app: Express,
  path: string,
  cookie: string,
  fileBytes: number,
): Promise<{ status: number; body: string; sentBytes: number }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  let sentBytes = 0;
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024);
  let remaining = fileBytes;
  let stage = 0;
  const body = new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        sentBytes += head.length;
        return void this.push(head);
      }
      if (remaining > 0) {
        const n = Math.min(chunk.length, remaining);
        remaining -= n;
        sentBytes += n;
        return void this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      }
      if (stage === 1) {
        stage = 2;
        this.push(tail);
      }
      this.push(null);
    },
  });
  try {
    let answered = false;
    return await new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: {
            ...SAME_ORIGIN_HEADERS,
            Cookie: cookie,
            'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          answered = true;
          const parts: Buffer[] = [];
          res.on('data', (data: Buffer) => parts.push(data));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sentBytes }),
          );
          const done = () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sentBytes });
          res.on('error', done);
          res.on('close', done);
        },
      );
      req.on('error', (error) => {
        // After the answer, the cut connection is expected.
        if (!answered) reject(error);
      });
      body.pipe(req);
    });
  } finally {
    body.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface AttachmentPeople {
  /** Acme's demo user (the demo seed may make them the company admin). */
  alex: Actor;
  /** Another Acme member (not an admin). */
  bob: Actor;
  /** Acme's company admin. */
  carol: Actor;
  staff: Actor;
  globex: Actor;
}

export const BOB_EMAIL = 'bob@acme.example';
export const CAROL_EMAIL = 'carol@acme.example';

/** Adds Bob (member) and Carol (company admin) to Acme, signing in with the demo password. */
export async function addAcmePeople(demo: DemoHost): Promise<AttachmentPeople> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await demo.store.db
    .insertInto('users')
    .values([
      {
        id: 'u-acme-bob',
        email: BOB_EMAIL,
        password_hash: hash,
        display_name: 'Bob Member',
        role: 'customer',
        company_id: 'acme',
        company_admin: false,
      },
      {
        id: 'u-acme-carol',
        email: CAROL_EMAIL,
        password_hash: hash,
        display_name: 'Carol Admin',
        role: 'customer',
        company_id: 'acme',
        company_admin: true,
      },
    ])
    .execute();
  const demoAcme = await demo.store.db
    .selectFrom('users')
    .select('company_admin')
    .where('id', '=', 'u-demo-acme')
    .executeTakeFirstOrThrow();
  return {
    alex: { kind: 'customer', userId: 'u-demo-acme', companyId: 'acme', admin: demoAcme.company_admin },
    bob: { kind: 'customer', userId: 'u-acme-bob', companyId: 'acme', admin: false },
    carol: { kind: 'customer', userId: 'u-acme-carol', companyId: 'acme', admin: true },
    staff: { kind: 'staff', userId: 'u-staff', actingFor: 'acme' },
    globex: { kind: 'customer', userId: 'u-demo-globex', companyId: 'globex', admin: false },
  };
}

/** A request filed by `actor` (a private one by default: requester and participants only). */
export async function fileRequest(
  demo: DemoHost,
  actor: Actor,
  input: { type?: string; fields?: Record<string, unknown>; visibility?: 'participants' | 'company' } = {},
) {
  return createRequest(
    demo.store.db,
    actor,
    {
      type: input.type ?? 'question',
      title: 'Where are the May timesheets?',
      description: 'Please attach them.',
      ...(input.fields ? { fields: input.fields } : {}),
      visibility: input.visibility ?? 'participants',
    },
    { now: TEST_NOW },
  );
}

import { type RequestDetail, requestDetailSchema } from '@client-portal/api-client/requests';
import { DEMO_PASSWORD } from '../../store/demo/index.js';
import request from 'supertest';
import type { DemoHost } from '../../test-support/demo-host.js';
import { SAME_ORIGIN_HEADERS } from '../../test-support/demo-host.js';

// Helpers of the requests routes' tests (requests*.test.ts).

export const MEMBER_USER = 'member@acme.example';

/** A session of its own (not the cached one), e.g. staff acting for a company beside one that does not. */
export async function freshSession(demo: DemoHost, email: string): Promise<string> {
  const res = await request(demo.host.app)
    .post('/api/auth/login')
    .set(SAME_ORIGIN_HEADERS)
    .send({ email, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}`);
  const name = demo.host.config.auth.cookieName;
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error('no session cookie');
  return line.split(';', 1)[0] as string;
}

/** A staff session acting for `companyId`. */
export async function staffActingFor(demo: DemoHost, email: string, companyId: string): Promise<string> {
  const cookie = await freshSession(demo, email);
  const res = await demo.post('/api/auth/act-as', { companyId }, cookie);
  if (res.status !== 200) throw new Error(`act-as answered ${res.status}: ${res.text}`);
  return cookie;
}

/** A same-origin JSON POST with If-Match. */
export function postIfMatch(
  demo: DemoHost,
  path: string,
  body: unknown,
  cookie: string,
  version: number | string,
) {
  return demo
    .post(path, body, cookie)
    .set('If-Match', typeof version === 'number' ? `"${version}"` : version);
}

/** A private question (participants only) filed by `cookie`'s user: it exists, and a colleague may not see it. */
export async function filePrivateQuestion(demo: DemoHost, cookie: string): Promise<RequestDetail> {
  const res = await demo
    .post(
      '/api/requests',
      { type: 'question', title: 'Private budget question', visibility: 'participants' },
      cookie,
    )
    .expect(201);
  return requestDetailSchema.parse(res.body) as RequestDetail;
}

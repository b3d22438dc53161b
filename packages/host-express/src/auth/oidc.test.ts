import { createHash } from 'node:crypto';
import { problemSchema, sessionUserSchema } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthConfig } from './config.js';
import { sessionIdOf } from './sessions.js';
import type { Database } from '../store/schema.js';
import {
  type AuthTestApp,
  buildAuthApp,
  PASSWORD,
  PUBLIC_ORIGIN,
  RecordingLogger,
  seedAccounts,
  sessionTokenOf,
  setCookieLine,
  TestClock,
  USERS,
} from './test-support/auth-app.js';
import { emptyAuthTables } from './test-support/auth-tables.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import {
  CookieJar,
  type IdpAccount,
  signInAtIdp,
  startTestIdp,
  type TestIdp,
} from './test-support/test-idp.js';
import { openTransaction, sealTransaction, transactionKey } from './transaction-cookie.js';

const REDIRECT_URL = `${PUBLIC_ORIGIN}/api/auth/callback`;
const SECRET = 'transaction secret shared by the host instances';
const TX_COOKIE = 'portal_session_oidc';

const ACCOUNTS: IdpAccount[] = [
  { sub: 'idp|acme', email: 'Demo@Acme.example', emailVerified: true, name: 'Demo Acme', password: 'idp-pw' },
  {
    sub: 'idp|stranger',
    email: 'stranger@else.example',
    emailVerified: true,
    name: 'Stranger',
    password: 'idp-pw',
  },
  {
    sub: 'idp|unverified',
    email: 'demo@globex.example',
    emailVerified: false,
    name: 'Globex',
    password: 'idp-pw',
  },
  { sub: 'idp|gone', email: 'gone@acme.example', emailVerified: true, name: 'Gone', password: 'idp-pw' },
];

const cookiePair = (line: string | undefined) => line?.split(';', 1)[0] ?? '';

describe('OIDC sign-in against oidc-provider in-process', () => {
  let store: TestStore;
  let db: Kysely<Database>;
  let idp: TestIdp;
  let host: AuthTestApp;
  let oidcConfig: AuthConfig['oidc'];
  let logger: RecordingLogger;

  beforeAll(async () => {
    [store, idp] = await Promise.all([
      testStores[0]!.open(),
      startTestIdp({
        redirectUri: REDIRECT_URL,
        postLogoutRedirectUri: `${PUBLIC_ORIGIN}/`,
        accounts: ACCOUNTS,
      }),
    ]);
    db = store.db;
    oidcConfig = {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectUrl: REDIRECT_URL,
    };
  });
  afterAll(async () => {
    await Promise.all([store?.close(), idp?.close()]);
  });
  beforeEach(async () => {
    await emptyAuthTables(db);
    await seedAccounts(db);
    logger = new RecordingLogger();
    host = buildAuthApp(
      db,
      new TestClock(new Date()),
      { mode: 'oidc', secret: SECRET, oidc: oidcConfig },
      undefined,
      logger,
    );
    await host.auth.ready();
  });

  /** GET /api/auth/login as a browser: the IdP authorize URL and the transaction cookie. */
  async function beginLogin(returnTo = '/services/projects') {
    const res = await request(host.app).get('/api/auth/login').query({ returnTo });
    expect(res.status).toBe(302);
    const line = setCookieLine(res, TX_COOKIE);
    expect(line).toBeDefined();
    return { authorizeUrl: new URL(res.headers.location!), txCookie: cookiePair(line), txLine: line! };
  }

  const callback = (url: URL, cookie: string) =>
    request(host.app).get(`${url.pathname}${url.search}`).set('Cookie', cookie);

  it('signs in end to end: PKCE S256, state and nonce sent and checked, account linked, session created', async () => {
    const { authorizeUrl, txCookie, txLine } = await beginLogin('/services/projects?tab=a');
    expect(txLine).toMatch(/HttpOnly/);
    expect(txLine).toMatch(/SameSite=Lax/);
    expect(txLine).toMatch(/Path=\/api\/auth\/callback/);
    expect(txLine).toMatch(/Max-Age=600/);
    const params = authorizeUrl.searchParams;
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(idp.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URL);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    const transaction = openTransaction(transactionKey(SECRET), txCookie.split('=')[1], new Date())!;
    expect(params.get('state')).toBe(transaction.state);
    expect(params.get('nonce')).toBe(transaction.nonce);
    expect(params.get('code_challenge')).toBe(
      createHash('sha256').update(transaction.codeVerifier).digest('base64url'),
    );
    expect(txCookie).not.toContain(transaction.codeVerifier);

    const back = await signInAtIdp(idp, authorizeUrl, ACCOUNTS[0]!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
    expect(back.searchParams.get('state')).toBe(transaction.state);
    const res = await callback(back, txCookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/services/projects?tab=a');
    expect(setCookieLine(res, TX_COOKIE)).toMatch(/^portal_session_oidc=;/);
    const token = sessionTokenOf(res)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await request(host.app).get('/api/auth/me').set('Cookie', `portal_session=${token}`);
    expect(me.status).toBe(200);
    expect(sessionUserSchema.parse(me.body)).toMatchObject({ sub: USERS.acme, email: 'demo@acme.example' });
    const user = await db
      .selectFrom('users')
      .select('oidc_subject')
      .where('id', '=', USERS.acme)
      .executeTakeFirstOrThrow();
    expect(user.oidc_subject).toBe('idp|acme');
    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdOf(token))
      .executeTakeFirstOrThrow();
    const idTokenClaims = JSON.parse(Buffer.from(session.id_token!.split('.')[1]!, 'base64url').toString());
    expect(idTokenClaims).toMatchObject({ sub: 'idp|acme', nonce: transaction.nonce, aud: idp.clientId });
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'detail'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'auth.oidc_linked', actor_user_id: USERS.acme, detail: { subject: 'idp|acme' } },
      { action: 'auth.sign_in', actor_user_id: USERS.acme, detail: { method: 'oidc' } },
    ]);

    // Signing in again (another browser) finds the account by its subject.
    const second = await beginLogin('/');
    const again = await callback(await signInAtIdp(idp, second.authorizeUrl, ACCOUNTS[0]!), second.txCookie);
    expect(again.status).toBe(302);
    expect(sessionTokenOf(again)).not.toBe(token);
  });

  it('rejects a tampered state without creating a session', async () => {
    const { authorizeUrl, txCookie } = await beginLogin();
    const back = await signInAtIdp(idp, authorizeUrl, ACCOUNTS[0]!);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await callback(back, txCookie);
    expect(res.status).toBe(400);
    expect(problemSchema.parse(res.body).status).toBe(400);
    expect(sessionTokenOf(res)).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect(logger.reasons()).toEqual([expect.stringMatching(/"state"/)]);
  });

  it.each([
    [
      'the PKCE verifier',
      { codeVerifier: 'x'.repeat(43) },
      /invalid_grant/,
      ['code_verifier does not match code_challenge'],
    ],
    ['the nonce', { nonce: 'not-the-nonce-that-was-sent' }, /"nonce"/, []],
  ])('rejects a callback whose transaction has another %s', async (_what, change, reason, grantErrors) => {
    idp.grantErrors.length = 0;
    const { authorizeUrl, txCookie } = await beginLogin();
    const key = transactionKey(SECRET);
    const transaction = openTransaction(key, txCookie.split('=')[1], new Date())!;
    const forged = `${TX_COOKIE}=${sealTransaction(key, { ...transaction, ...change })}`;
    const res = await callback(await signInAtIdp(idp, authorizeUrl, ACCOUNTS[0]!), forged);
    expect(res.status).toBe(400);
    expect(sessionTokenOf(res)).toBeUndefined();
    expect(logger.reasons()).toEqual([expect.stringMatching(reason)]);
    expect(idp.grantErrors).toEqual(grantErrors);
  });

  it('rejects a callback without its transaction cookie, or carrying an IdP error', async () => {
    const { authorizeUrl } = await beginLogin();
    const back = await signInAtIdp(idp, authorizeUrl, ACCOUNTS[0]!);
    expect((await callback(back, '')).status).toBe(400);
    const { txCookie } = await beginLogin();
    const denied = await callback(new URL(`${REDIRECT_URL}?error=access_denied`), txCookie);
    expect(denied.status).toBe(400);
    expect(denied.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each([
    ['an unknown subject and email', 1],
    ['an unverified email (never linked)', 2],
    ['a disabled account', 3],
  ])('answers 403 problem+json for %s', async (_what, index) => {
    const { authorizeUrl, txCookie } = await beginLogin();
    const res = await callback(await signInAtIdp(idp, authorizeUrl, ACCOUNTS[index]!), txCookie);
    expect(res.status).toBe(403);
    expect(problemSchema.parse(res.body)).toMatchObject({ status: 403, title: 'Forbidden' });
    expect(sessionTokenOf(res)).toBeUndefined();
    const failures = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'auth.sign_in_failed')
      .execute();
    expect(failures).toEqual([{ detail: { method: 'oidc', reason: 'no_account' } }]);
    const linked = await db.selectFrom('users').select('id').where('oidc_subject', 'is not', null).execute();
    expect(linked).toEqual([]);
  });

  it('signs out through the IdP end-session endpoint with id_token_hint and post_logout_redirect_uri', async () => {
    const jar = new CookieJar();
    const { authorizeUrl, txCookie } = await beginLogin();
    const token = sessionTokenOf(
      await callback(await signInAtIdp(idp, authorizeUrl, ACCOUNTS[0]!, jar), txCookie),
    )!;
    const idToken = (
      await db
        .selectFrom('sessions')
        .select('id_token')
        .where('id', '=', sessionIdOf(token))
        .executeTakeFirstOrThrow()
    ).id_token;

    const res = await request(host.app)
      .get('/api/auth/logout')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', `portal_session=${token}`);
    expect(res.status).toBe(302);
    expect(setCookieLine(res, 'portal_session')).toMatch(/^portal_session=;/);
    const endSession = new URL(res.headers.location!);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toBe(idToken);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_ORIGIN}/`);
    expect(
      (await request(host.app).get('/api/auth/me').set('Cookie', `portal_session=${token}`)).status,
    ).toBe(204);

    // The IdP accepts the request and asks the user to confirm the sign-out.
    const atEndSession = await fetch(endSession, { headers: { cookie: jar.header() }, redirect: 'manual' });
    expect(atEndSession.status).toBe(200);
    expect(await atEndSession.text()).toContain('op.logoutForm');

    // Without a session there is nothing to end at the IdP: straight to the safe returnTo.
    const anonymous = await request(host.app)
      .get('/api/auth/logout?returnTo=/help')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(anonymous.headers.location).toBe('/help');
  });

  it('refuses password sign-in in oidc mode', async () => {
    const res = await request(host.app)
      .post('/api/auth/login')
      .set({ Origin: PUBLIC_ORIGIN })
      .send({ email: 'demo@acme.example', password: PASSWORD });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 503 while the IdP cannot be discovered', async () => {
    const down = buildAuthApp(db, new TestClock(), {
      mode: 'oidc',
      secret: SECRET,
      oidc: { ...oidcConfig!, issuer: 'http://127.0.0.1:9' },
    });
    await expect(down.auth.ready()).rejects.toThrow();
    const res = await request(down.app).get('/api/auth/login');
    expect(res.status).toBe(503);
    expect(problemSchema.parse(res.body).status).toBe(503);
  });
});

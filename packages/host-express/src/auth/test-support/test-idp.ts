import { generateKeyPairSync } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Provider, { type OidcContext } from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  password: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `error_detail` of each token request the provider refused, e.g. a PKCE mismatch. */
  grantErrors: string[];
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1, port 0. Its dev interactions are replaced
 * by two tiny routes a test drives: GET /interaction/:uid (what is asked) and POST
 * /interaction/:uid/login (email + password). Consent is granted automatically, as for a
 * first-party client.
 */
export async function startTestIdp(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  accounts: IdpAccount[];
}): Promise<TestIdp> {
  const clientId = 'portal';
  const clientSecret = 'portal-client-secret';
  let handle: RequestListener = () => {};
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bySub = new Map(options.accounts.map((account) => [account.sub, account]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['test-idp-cookie-key'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: { body: string }, form: string) {
          ctx.body = `<!DOCTYPE html><title>Sign out</title>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, sub: string) {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result, provider: op } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  const grantErrors: string[] = [];
  provider.on('grant.error', (_ctx, error) => {
    grantErrors.push(error.error_detail ?? error.message);
  });

  const app = express();
  app.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    res.json({ uid: details.uid, prompt: details.prompt.name });
  });
  app.post('/interaction/:uid/login', express.urlencoded({ extended: false }), async (req, res) => {
    await provider.interactionDetails(req, res);
    const account = options.accounts.find(
      (candidate) => candidate.email === req.body.email && candidate.password === req.body.password,
    );
    if (!account) {
      res.status(401).json({ error: 'wrong credentials' });
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  });
  app.use(provider.callback());
  handle = app;

  return {
    issuer,
    clientId,
    clientSecret,
    grantErrors,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A browser's cookies for one site, enough for the provider's interaction and session cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A browser at the IdP: follows its redirects and signs in when asked. Returns the URL the IdP sends
 * the browser back to (the portal's callback, with code and state).
 */
export async function signInAtIdp(
  idp: TestIdp,
  authorizeUrl: URL,
  account: IdpAccount,
  jar = new CookieJar(),
): Promise<URL> {
  let url = authorizeUrl;
  for (let step = 0; step < 10; step++) {
    if (url.origin !== idp.issuer) return url;
    if (url.pathname.startsWith('/interaction/')) {
      const asked = (await (await fetch(url, { headers: { cookie: jar.header() } })).json()) as {
        prompt: string;
      };
      if (asked.prompt !== 'login') throw new Error(`the IdP asked for ${asked.prompt}, not login`);
      const submitted = await fetch(new URL(`${url.pathname}/login`, idp.issuer), {
        method: 'POST',
        headers: { cookie: jar.header() },
        body: new URLSearchParams({ email: account.email, password: account.password }),
        redirect: 'manual',
      });
      jar.store(submitted);
      url = new URL(submitted.headers.get('location') ?? '', url);
      continue;
    }
    const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the IdP answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the IdP');
}

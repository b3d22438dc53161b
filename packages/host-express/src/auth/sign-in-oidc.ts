import { randomBytes } from 'node:crypto';
import { safeReturnTo } from '@client-portal/api-client';
import type { Request, Response } from 'express';
import * as client from 'openid-client';
import { writeAudit } from '../store/audit-log.js';
import { isLoopbackHttp, type OidcConfig, portalStartOf } from './config.js';
import type { AuthContext } from './context.js';
import { problem } from '../http/problem.js';
import { clearCookie, readCookie, setCookie } from './session-cookie.js';
import { beginSession } from './sign-in-session.js';
import {
  type LoginTransaction,
  openTransaction,
  sealTransaction,
  transactionKey,
} from './transaction-cookie.js';

const TRANSACTION_MINUTES = 10;

export interface OidcSignIn {
  /** Resolves once discovery succeeded; rejects with its error (the next call retries). */
  ready(): Promise<void>;
  start(req: Request, res: Response): Promise<void>;
  callback(req: Request, res: Response): Promise<void>;
  /** The IdP's end-session URL for this ID token, or null when the IdP offers none (or is unreachable). */
  endSessionUrl(idToken: string | null): Promise<URL | null>;
}

function clientAuthentication(oidc: OidcConfig): client.ClientAuth {
  const method = oidc.tokenEndpointAuthMethod ?? (oidc.clientSecret ? 'client_secret_basic' : 'none');
  if (method === 'none') return client.None();
  if (method === 'client_secret_post') return client.ClientSecretPost(oidc.clientSecret);
  return client.ClientSecretBasic(oidc.clientSecret);
}

/**
 * Authorization code flow with PKCE (S256), state and nonce, through openid-client 6. Discovery
 * runs once at start and is cached; a failed discovery is retried on the next sign-in.
 */
export function createOidcSignIn(ctx: AuthContext, oidc: OidcConfig): OidcSignIn {
  const issuer = new URL(oidc.issuer);
  const redirectUrl = new URL(oidc.redirectUrl);
  const cookieName = `${ctx.config.cookieName}_oidc`;
  const cookiePath = redirectUrl.pathname;
  const postLogoutRedirectUrl = oidc.postLogoutRedirectUrl ?? new URL('/', ctx.config.publicOrigin).href;
  const secret = ctx.config.secret ?? oidc.clientSecret;
  if (!secret) {
    ctx.logger.warn(
      { event: 'auth.oidc_random_key' },
      'no auth secret configured: OIDC sign-ins only complete on the host instance that started them',
    );
  }
  const key = transactionKey(secret ?? randomBytes(32).toString('base64'));

  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, clientAuthentication(oidc), {
        execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        ctx.logger.error({ err: error, issuer: issuer.href }, 'OIDC discovery failed');
        throw error;
      });
    return discovered;
  };

  const configurationOrReply = async (res: Response) => {
    try {
      return await configuration();
    } catch {
      problem(res, 503, 'Service Unavailable', 'Single sign-on is unreachable. Try again shortly.');
      return null;
    }
  };

  const fail = async (req: Request, res: Response, status: 400 | 403, reason: string, detail: string) => {
    await writeAudit(ctx.db, {
      action: 'auth.sign_in_failed',
      at: ctx.now(),
      actorUserId: null,
      companyId: null,
      ip: req.ip ?? null,
      detail: { method: 'oidc', reason },
    });
    problem(res, status, status === 403 ? 'Forbidden' : 'Bad Request', detail);
  };

  return {
    async ready() {
      await configuration();
    },

    async start(req, res) {
      const config = await configurationOrReply(res);
      if (!config) return;
      const transaction: LoginTransaction = {
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        returnTo: safeReturnTo(req.query.returnTo, portalStartOf(ctx.config)),
        expiresAt: ctx.now().getTime() + TRANSACTION_MINUTES * 60_000,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUrl.href,
        scope: oidc.scope ?? 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      setCookie(req, res, ctx.config, {
        name: cookieName,
        value: sealTransaction(key, transaction),
        path: cookiePath,
        maxAge: TRANSACTION_MINUTES * 60,
      });
      res.set('Cache-Control', 'no-store');
      res.redirect(302, url.href);
    },

    async callback(req, res) {
      const transaction = openTransaction(key, readCookie(req, cookieName), ctx.now());
      clearCookie(req, res, ctx.config, cookieName, cookiePath);
      res.set('Cache-Control', 'no-store');
      if (!transaction) {
        // No sign-in of ours is under way (an expired, replayed or forged callback): nothing to audit.
        problem(res, 400, 'Bad Request', 'This sign-in has expired or began elsewhere. Sign in again.');
        return;
      }
      if (typeof req.query.error === 'string') {
        await fail(
          req,
          res,
          400,
          `idp:${req.query.error.slice(0, 64)}`,
          'The identity provider did not sign you in.',
        );
        return;
      }
      const config = await configurationOrReply(res);
      if (!config) return;
      // The URL the IdP redirected to, rebuilt from configuration rather than Host/X-Forwarded-* headers.
      const currentUrl = new URL(redirectUrl);
      currentUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        ctx.logger.warn(
          { reason: describeOidcError(error), event: 'auth.oidc_callback_rejected' },
          'OIDC callback rejected',
        );
        await fail(
          req,
          res,
          400,
          'callback_rejected',
          'The sign-in response could not be verified. Sign in again.',
        );
        return;
      }
      const claims = tokens.claims();
      if (!claims) {
        await fail(
          req,
          res,
          400,
          'no_id_token',
          'The sign-in response could not be verified. Sign in again.',
        );
        return;
      }
      // Email comes from the ID token, or from userinfo when the IdP keeps it there; it is only
      // needed to link an account that has no subject yet.
      const verifiedEmail = async () => {
        let source: Record<string, unknown> = { ...claims };
        if (
          typeof source.email !== 'string' &&
          tokens.access_token &&
          config.serverMetadata().userinfo_endpoint
        ) {
          try {
            source = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          } catch (error) {
            ctx.logger.warn({ reason: describeOidcError(error) }, 'OIDC userinfo failed');
          }
        }
        const verified = source.email_verified === true || source.email_verified === 'true';
        return typeof source.email === 'string' && verified ? source.email : null;
      };
      const user = await findOrLinkUser(req, ctx, claims.sub, verifiedEmail);
      if (!user) {
        await fail(req, res, 403, 'no_account', 'No portal account is linked to this sign-in.');
        return;
      }
      await beginSession(req, res, ctx, user, 'oidc', tokens.id_token ?? null);
      res.redirect(302, safeReturnTo(transaction.returnTo, portalStartOf(ctx.config)));
    },

    async endSessionUrl(idToken) {
      if (!idToken) return null;
      try {
        const config = await configuration();
        if (!config.serverMetadata().end_session_endpoint) return null;
        return client.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUrl,
        });
      } catch {
        return null;
      }
    },
  };
}

/**
 * openid-client wraps the precise failure (e.g. the state or nonce mismatch) in `cause`. Logged as
 * this text only: the error objects also carry the callback parameters and ID token claims.
 */
export function describeOidcError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const details = current as Error & { error?: unknown; error_description?: unknown };
    parts.push(current.message);
    if (typeof details.error === 'string') parts.push(details.error);
    if (typeof details.error_description === 'string') parts.push(details.error_description);
    current = current.cause;
  }
  return parts.join(': ');
}

/**
 * The portal account for an IdP subject: the one already linked to it, else (once) the unlinked
 * account with the same verified email, which is then linked. Disabled accounts never match.
 */
async function findOrLinkUser(
  req: Request,
  ctx: AuthContext,
  subject: string,
  verifiedEmail: () => Promise<string | null>,
) {
  const columns = ['id', 'email', 'display_name', 'company_id', 'disabled_at'] as const;
  const linked = await ctx.db
    .selectFrom('users')
    .select(columns)
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
  if (linked) return linked.disabled_at ? null : linked;
  const email = await verifiedEmail();
  if (!email) return null;
  const candidate = await ctx.db
    .updateTable('users')
    .set({ oidc_subject: subject })
    .where('email', '=', email.trim().toLowerCase())
    .where('oidc_subject', 'is', null)
    .where('disabled_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
  if (!candidate) return null;
  await writeAudit(ctx.db, {
    action: 'auth.oidc_linked',
    at: ctx.now(),
    actorUserId: candidate.id,
    companyId: candidate.company_id,
    ip: req.ip ?? null,
    detail: { subject },
  });
  return candidate;
}

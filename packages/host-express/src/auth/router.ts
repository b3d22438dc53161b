import { safeReturnTo } from '@client-portal/api-client';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { portalStartOf, signInPageOf } from './config.js';
import type { AuthContext } from './context.js';
import { problem } from '../http/problem.js';
import { sessionUserOfIdentity } from './sign-in-session.js';
import type { OidcSignIn } from './sign-in-oidc.js';

export interface AuthHandlers {
  loadSession: RequestHandler;
  requireSession: RequestHandler;
  requireSameOrigin: RequestHandler;
  requireSameOriginNavigation: RequestHandler;
  signIn: RequestHandler;
  signOut: RequestHandler;
  signOutRedirect: RequestHandler;
  actAsCompany: RequestHandler;
  staffCompanies: RequestHandler;
  oidc: OidcSignIn | null;
}

/** Body-parser failures (malformed JSON, too large, bad charset) as problem+json, never a 500. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = typeof error?.status === 'number' ? error.status : 500;
  if (typeof error?.type !== 'string' || status < 400 || status >= 500) return next(error);
  const detail =
    error.type === 'entity.parse.failed'
      ? 'The body is not valid JSON.'
      : error.type === 'entity.too.large'
        ? 'The body is too large.'
        : 'The body could not be read.';
  problem(res, status, status === 413 ? 'Content Too Large' : 'Bad Request', detail);
};

/** The /api/auth routes (mounted at /api/auth); each is self-protecting even if the app mounts nothing else. */
export function createAuthRouter(ctx: AuthContext, handlers: AuthHandlers): Router {
  const router = express.Router();
  const json = express.json({ limit: '16kb', type: 'application/json' });
  const { loadSession, requireSameOrigin, oidc } = handlers;
  router.use(loadSession);

  router.get('/me', (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.identity) {
      res.status(204).end();
      return;
    }
    res.json(sessionUserOfIdentity(req.identity));
  });

  // Local mode: the portal's own sign-in page, wherever the portal is mounted (portalBasePath).
  router.get('/login', async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo, portalStartOf(ctx.config));
    res.set('Cache-Control', 'no-store');
    if (req.identity) return res.redirect(302, returnTo);
    if (oidc) return oidc.start(req, res);
    res.redirect(302, `${signInPageOf(ctx.config)}?returnTo=${encodeURIComponent(returnTo)}`);
  });
  router.post('/login', requireSameOrigin, json, handlers.signIn);

  router.get('/callback', async (req, res) => {
    if (oidc) return oidc.callback(req, res);
    res.redirect(302, signInPageOf(ctx.config));
  });

  router.get('/logout', handlers.requireSameOriginNavigation, handlers.signOutRedirect);
  router.post('/logout', requireSameOrigin, handlers.signOut);

  router.post('/act-as', requireSameOrigin, json, handlers.requireSession, handlers.actAsCompany);
  router.get('/companies', handlers.requireSession, handlers.staffCompanies);

  router.use(bodyErrors);
  return router;
}

import { createOpenApiDocument } from '@client-portal/api-client';
import type PgBoss from 'pg-boss';
import { configuredSources } from './connectors/run.js';
import { startJobQueue, withJobSetupLock } from './jobs/queue.js';
import { type RequestSchedule, startRequestSchedule } from './jobs/request-schedule.js';
import { type SyncSchedule, startSyncSchedule } from './jobs/sync-schedule.js';
import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import {
  type AuthConfig,
  authConfig,
  type CreateAuthOptions,
  createAuth,
  type PortalAuth,
} from './auth/index.js';
import { followSessionChanges } from './auth/session-cache.js';
import type { HostConfig } from './config/index.js';
import type { HostContext } from './context.js';
import { ResponseCache } from './http/response-cache.js';
import { createDocumentStorage } from './documents/storage.js';
import { apiNotFound, errorHandler, notFound, refuseOtherMethods } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { refuseLongUrls, requestDeadline } from './http/limits.js';
import { createLogger, httpLogger } from './http/logging.js';
import { securityHeaders } from './http/security-headers.js';
import { portalRuntimeConfig } from './portal/runtime-config.js';
import { resolvePortalDir, standalonePortal } from './portal/standalone.js';
import { createApiRoutes } from './routes/index.js';
import { createIngestRoutes } from './routes/ingest.js';
import { createGithubWebhookRoutes } from './routes/webhooks-github.js';
import {
  DEMO_PASSWORD,
  DEMO_SIGN_INS,
  hasDemoAccounts,
  type Listener,
  openStore,
  type PreparedStore,
  prepareStore,
  type Store,
} from './store/index.js';

export interface PortalHostOptions {
  /** A store the caller opened (and migrated); the host then leaves closing it to the caller. */
  store?: Store;
  logger?: Logger;
  /** Replaces createAuth: a provider's own sign-in, or a test double. */
  createAuth?: (options: CreateAuthOptions) => PortalAuth;
  /** The clock for auth and routes. */
  now?: () => Date;
  /** Seed the demo data into an empty store the host opens itself (default: config.demo). */
  demo?: boolean;
  /** More /api routes (a provider's own), mounted after the contract's and before the /api 404. */
  apiRoutes?: (ctx: HostContext) => Router;
  /**
   * Run the job queue and the configured sources' sync schedule on this instance (default true;
   * started only when a connector is configured). Hosts embedded in tests or scripts turn it off.
   */
  jobs?: boolean;
}

export interface PortalHost {
  /** The standalone Express 5 app: security headers, logs, health, /api and the portal at "/". */
  app: Express;
  /** Every /api route, to mount at /api in a provider's own Express app. */
  router: Router;
  store: Store;
  config: HostConfig;
  logger: Logger;
  auth: PortalAuth;
  /** What preparing the store did (null when the store was passed in). */
  prepared: PreparedStore | null;
  /** Demo mode with the demo accounts in the store (printed at start, listed on the fallback page). */
  demoAccounts: boolean;
  /** Starts shutdown: /readyz answers 503 from now on. */
  drain(): void;
  /** The sync schedule working on this instance; null when no connector is configured or jobs are off. */
  syncSchedule: SyncSchedule | null;
  /** The requests' schedule (check-ins, reminders, e-mail, webhook); null when REQUEST_SCHEDULE is off or jobs are off. */
  requestSchedule: RequestSchedule | null;
  /** Drains, stops background jobs and closes the store if the host opened it. */
  close(): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The auth module's settings, from the host's configuration. */
export function authConfigOf(config: HostConfig): AuthConfig {
  const { auth, http } = config;
  return authConfig({
    mode: auth.mode,
    publicOrigin: http.publicOrigin,
    cookieName: auth.cookieName,
    ...(auth.cookieSecure === null ? {} : { cookieSecure: auth.cookieSecure }),
    idleMinutes: auth.sessionIdleMinutes,
    absoluteHours: auth.sessionAbsoluteHours,
    corsOrigins: auth.corsOrigins,
    portalBasePath: config.portalBasePath,
    ...(auth.sessionSecret ? { secret: auth.sessionSecret } : {}),
    ...(auth.oidc
      ? {
          oidc: {
            issuer: auth.oidc.issuer,
            clientId: auth.oidc.clientId,
            clientSecret: auth.oidc.clientSecret ?? undefined,
            redirectUrl: auth.oidc.redirectUrl,
            postLogoutRedirectUrl: auth.oidc.postLogoutRedirectUrl ?? undefined,
            scope: auth.oidc.scope,
          },
        }
      : {}),
  });
}

/**
 * The /api router: URL length → request deadline → 405 for other methods → the ingest and webhook
 * routes (token- or signature-authenticated) → CORS → CSRF guard → /api/auth → JSON body (size-limited) → session →
 * OpenAPI → the contract's data routes → 404 → error handler. Everything in it answers
 * problem+json on errors, so it behaves the same mounted in a provider's app.
 */
function apiRouter(ctx: HostContext, extra: PortalHostOptions['apiRoutes']): Router {
  const { config, auth } = ctx;
  const router = express.Router();
  const openApi = JSON.stringify(createOpenApiDocument({ sessionCookieName: config.auth.cookieName }));
  router.use(refuseLongUrls);
  router.use(requestDeadline(config.http.requestTimeoutMs));
  router.use(refuseOtherMethods);
  // Machine-to-machine routes (CI, incident tools, GitHub): their own credentials, no session, so
  // before CORS, the CSRF guard and the session, with bodies parsed by their own limits.
  createIngestRoutes(ctx, router);
  createGithubWebhookRoutes(ctx, router);
  router.use(auth.cors);
  router.use(auth.requireSameOrigin);
  // Auth's routes parse their own (smaller) bodies and load the session themselves.
  router.use('/auth', auth.router);
  router.use(
    express.json({ limit: config.http.jsonBodyLimitBytes, type: ['application/json', 'application/*+json'] }),
  );
  router.use(auth.loadSession);
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('json').send(openApi);
  });
  createApiRoutes(ctx, router);
  if (extra) router.use(extra(ctx));
  router.use(apiNotFound);
  router.use(errorHandler);
  return router;
}

/**
 * Creates the portal host. Without `options.store` it opens the configured store, runs the
 * migrations and (for the demo) seeds an empty store, and closes the store on `close()`.
 */
export async function createPortalHost(
  config: HostConfig,
  options: PortalHostOptions = {},
): Promise<PortalHost> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const now = options.now ?? (() => new Date());
  const ownsStore = options.store === undefined;
  const store = options.store ?? (await openStore(config.store, { logger }));
  let pruneTimer: NodeJS.Timeout | undefined;
  let sessionChanges: Listener | null = null;
  let boss: PgBoss | null = null;
  let syncSchedule: SyncSchedule | null = null;
  let requestSchedule: RequestSchedule | null = null;
  const stopJobs = async () => {
    await syncSchedule?.stop();
    await requestSchedule?.stop();
    await boss?.stop({ graceful: true, wait: true, close: false, timeout: config.http.shutdownTimeoutMs });
  };
  try {
    const prepared = ownsStore
      ? await prepareStore(store, {
          demo: options.demo ?? config.demo,
          filesDir: config.documents.filesDir,
          // With S3 storage the demo PDFs go to the bucket, where downloads will look for them.
          ...(config.documents.storage === 's3'
            ? {
                putFile: async (file) => {
                  const storage = createDocumentStorage(config.documents);
                  try {
                    await storage.put(file.storageKey, file.bytes, file.contentType);
                  } finally {
                    storage.close();
                  }
                },
              }
            : {}),
          homeLifecycleStage: config.homeLifecycleStage,
          logger,
        })
      : null;
    const demoAccounts = (options.demo ?? config.demo) && (await hasDemoAccounts(store.db));
    // Other processes' sign-outs, password resets and act-for switches (auth/session-cache.ts).
    sessionChanges = followSessionChanges(store);
    const auth = (options.createAuth ?? createAuth)({
      db: store.db,
      config: authConfigOf(config),
      logger,
      now,
    });
    const responses = new ResponseCache(store.db, config.http.responseCacheBytes, now);
    const router = apiRouter({ config, store, logger, auth, now, responses }, options.apiRoutes);

    let draining = false;
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.http.trustProxy);
    // Once shutdown begins, every answer closes its connection: a keep-alive client sends its next
    // request to another instance instead of one that is about to cut the connection.
    app.use((_req, res, next) => {
      if (draining) res.setHeader('Connection', 'close');
      next();
    });
    app.use(refuseLongUrls);
    app.use(httpLogger(logger));
    app.use(securityHeaders(config));
    // A route layer for the two paths, not app.use: other requests skip it without entering the router.
    app.get(['/healthz', '/readyz'], healthRoutes({ store, logger, draining: () => draining }));
    app.use('/api', router);
    // The standalone portal at its base path; with one, the site root leads there.
    if (config.portalBasePath) app.get('/', (_req, res) => res.redirect(302, config.portalBasePath));
    app.use(
      config.portalBasePath || '/',
      standalonePortal({
        portalDir: resolvePortalDir(config.portalDir),
        basePath: config.portalBasePath,
        runtimeConfig: portalRuntimeConfig(
          config,
          demoAccounts ? { password: DEMO_PASSWORD, accounts: DEMO_SIGN_INS } : null,
        ),
        demo: demoAccounts ? { password: DEMO_PASSWORD, accounts: DEMO_SIGN_INS } : null,
      }),
    );
    app.use(notFound);
    app.use(errorHandler);

    await withJobSetupLock(store, async () => {
      if ((options.jobs ?? true) && configuredSources(config).length > 0) {
        boss = await startJobQueue(store, { logger });
        syncSchedule = await startSyncSchedule(boss, store, config, { logger });
      }
      // The requests' schedule runs with or without connectors, unless REQUEST_SCHEDULE is off.
      if ((options.jobs ?? true) && config.requests.schedule !== null) {
        boss ??= await startJobQueue(store, { logger });
        requestSchedule = await startRequestSchedule(boss, store, config, {
          logger,
          types: config.requests.types,
        });
      }
    });

    pruneTimer = setInterval(() => {
      auth.prune().catch((error: unknown) => logger.warn({ err: error }, 'pruning sessions failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref();

    let closing: Promise<void> | undefined;
    return {
      app,
      router,
      store,
      config,
      logger,
      auth,
      prepared,
      demoAccounts,
      syncSchedule,
      requestSchedule,
      drain: () => {
        draining = true;
      },
      close: () => {
        closing ??= (async () => {
          draining = true;
          clearInterval(pruneTimer);
          await stopJobs();
          await sessionChanges?.close();
          if (ownsStore) await store.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    clearInterval(pruneTimer);
    await stopJobs().catch(() => {});
    await sessionChanges?.close();
    if (ownsStore) await store.close();
    throw error;
  }
}

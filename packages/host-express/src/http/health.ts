import { type Router, Router as createRouter } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../store/index.js';
import { problem } from './problem.js';

export interface HealthOptions {
  store: Store;
  logger: Logger;
  /** True once shutdown has begun: the load balancer should stop sending traffic. */
  draining: () => boolean;
}

/**
 * `/healthz`: the process is up (liveness; no dependencies, so a database outage never gets the
 * host restarted). `/readyz`: the store answers and the host is not shutting down (readiness).
 */
export function healthRoutes({ store, logger, draining }: HealthOptions): Router {
  const router = createRouter();
  let lastReady: boolean | null = null;
  const transition = (ready: boolean, error?: unknown) => {
    if (ready === lastReady) return;
    lastReady = ready;
    if (ready) logger.info({ store: store.kind }, 'store reachable: ready');
    else logger.warn({ store: store.kind, err: error }, 'store unreachable: not ready');
  };

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    if (draining()) return problem(res, 503, 'Service Unavailable', 'The host is shutting down.');
    try {
      await store.ping(1_500);
      transition(true);
      res.set('Cache-Control', 'no-store').json({ status: 'ready', store: store.kind });
    } catch (error) {
      transition(false, error);
      res.set('Retry-After', '5');
      problem(res, 503, 'Service Unavailable', 'The database is not reachable.');
    }
  });
  return router;
}

import type { Logger } from 'pino';
import type { PortalAuth } from './auth/index.js';
import type { HostConfig } from './config/index.js';
import type { ResponseCache } from './http/response-cache.js';
import type { Store } from './store/index.js';

/** What every /api route module receives from createPortalHost. */
export interface HostContext {
  config: HostConfig;
  store: Store;
  logger: Logger;
  /** The host's auth module: `requireSession` guards data routes; `req.identity` is the caller. */
  auth: PortalAuth;
  /** The clock (injectable so tests of expiry and date ranges are deterministic). */
  now: () => Date;
  /** Computed read answers, served again while their company's data is unchanged. */
  responses: ResponseCache;
}

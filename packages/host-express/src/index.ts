// @client-portal/host-express: the portal's Express 5 host, its store and its CLI.
export { authConfigOf, createPortalHost } from './app.js';
export type { PortalHost, PortalHostOptions } from './app.js';
export { main as runCli, USAGE } from './cli/main.js';
export { EMBEDDED_STORE_ENV, EMBEDDED_STORE_NODE_FLAGS } from './cli/node-flags.js';
export { startHost } from './cli/start.js';
export type { RunningHost, StartOptions } from './cli/start.js';
export type { CliIo } from './cli/io.js';
export * from './config/index.js';
export { forgetCachedSessions, forgetCachedUser, SESSION_CACHE_TTL_MS } from './auth/index.js';
export type { HostContext } from './context.js';
export { apiNotFound, errorHandler } from './http/errors.js';
export { createLogger, httpLogger, redactUrl, REDACT_PATHS } from './http/logging.js';
export { invalidRequest, problem, problemErrors } from './http/problem.js';
export { validate } from './http/validate.js';
export type { RequestSchemas, ValidatedInput, Validator } from './http/validate.js';
export { cspDirectives } from './http/security-headers.js';
export { resolvePortalDir } from './portal/standalone.js';
export * from './store/index.js';

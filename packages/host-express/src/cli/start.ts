import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createPortalHost, type PortalHost, type PortalHostOptions } from '../app.js';
import type { HostConfig } from '../config/index.js';
import { limitServer, MAX_HEADER_BYTES } from '../http/limits.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../store/index.js';
import { CliError, type CliIo, say } from './io.js';

export interface RunningHost {
  host: PortalHost;
  server: Server;
  /** Where the portal answers, e.g. http://localhost:3000. */
  url: string;
  /**
   * Graceful shutdown: readiness goes 503, the server stops accepting connections and closes idle
   * ones, in-flight requests finish (cut after SHUTDOWN_TIMEOUT_MS), then the store closes.
   */
  stop(): Promise<void>;
}

export interface StartOptions extends Pick<PortalHostOptions, 'apiRoutes' | 'createAuth' | 'now' | 'store'> {
  config: HostConfig;
  io: CliIo;
  /** --demo / --no-demo; default config.demo. */
  demo?: boolean;
  logger?: Logger;
}

/** `client-portal-host start`: migrate, seed the demo when asked, listen, print how to sign in. */
export async function startHost(options: StartOptions): Promise<RunningHost> {
  const { config, io } = options;
  const demo = options.demo ?? config.demo;
  refuseUnsafeStart(config);
  const host = await createPortalHost(
    { ...config, demo },
    {
      demo,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.createAuth ? { createAuth: options.createAuth } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.store ? { store: options.store } : {}),
      ...(options.apiRoutes ? { apiRoutes: options.apiRoutes } : {}),
    },
  );
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, host.app);
  limitServer(server);
  try {
    server.listen(config.port, config.host ?? undefined);
    await once(server, 'listening');
  } catch (error) {
    await host.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = config.http.publicOriginConfigured ? config.http.publicOrigin : `http://localhost:${port}`;
  printBanner(io, host, url, port);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      host.drain();
      const closed = once(server, 'close');
      server.close();
      // Keep-alive connections become idle as their last response goes out; close them then,
      // rather than waiting for the keep-alive timeout.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const force = setTimeout(() => server.closeAllConnections(), config.http.shutdownTimeoutMs);
      force.unref();
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await host.close();
    })();
    return stopping;
  };
  return { host, server, url, stop };
}

function printBanner(io: CliIo, host: PortalHost, url: string, port: number): void {
  const { config } = host;
  const store = config.store.kind === 'pglite' ? `embedded store in ${config.store.dataDir}` : 'PostgreSQL';
  say(io, `Client portal host listening on ${url} (port ${port}, ${store}, ${config.auth.mode} sign-in)`);
  if (host.demoAccounts) {
    say(io, `Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    const width = Math.max(...DEMO_SIGN_INS.map((a) => a.email.length));
    for (const account of DEMO_SIGN_INS) say(io, `  ${account.email.padEnd(width)}  ${account.description}`);
  }
  if (host.syncSchedule && host.syncSchedule.sources.length > 0) {
    const each = host.syncSchedule.sources.map(
      (s) => `${s} ${config.syncSchedule[s] ? `"${config.syncSchedule[s]}"` : 'off'}`,
    );
    say(
      io,
      `Scheduled syncs (UTC): ${each.join(', ')}; \`client-portal-host sync --status\` shows how they went.`,
    );
  }
  if (host.requestSchedule) {
    const mail = config.requests.mail.smtpUrl
      ? 'e-mail through SMTP_URL'
      : "e-mail kept in the store's outbox (`client-portal-host outbox` prints it)";
    say(
      io,
      `Requests schedule (UTC): "${host.requestSchedule.cron}" — check-ins, reminders, ${mail}${config.requests.webhook ? ', signed webhook' : ''}.`,
    );
  }
  for (const warning of severalInstanceWarnings(config)) say(io, `Warning: ${warning}`);
}

/**
 * On PostgreSQL several instances may share the store, and a per-process secret would break what
 * another instance must verify: download links (SIGNING_KEYS) and, with a public OIDC client, the
 * sign-in's sealed state cookie (SESSION_SECRET). The host does not start without them.
 */
export function refuseUnsafeStart(config: HostConfig): void {
  if (config.store.kind === 'postgres' && config.documents.signingKeysEphemeral) {
    throw new CliError(
      'SIGNING_KEYS must be set on PostgreSQL (the same value on every instance, e.g. "k1:<32+ random characters>"): without it each process signs download links with a key of its own.',
      2,
    );
  }
  const { auth } = config;
  if (
    config.store.kind === 'postgres' &&
    auth.mode === 'oidc' &&
    !auth.sessionSecret &&
    !auth.oidc?.clientSecret
  ) {
    throw new CliError(
      'SESSION_SECRET must be set on PostgreSQL with a public OIDC client (the same value on every instance, 32+ characters): without it a sign-in started on one instance cannot finish on another.',
      2,
    );
  }
}

/** What a host on PostgreSQL keeps on its own machine, which other instances would not see. */
export function severalInstanceWarnings(config: HostConfig): string[] {
  if (config.store.kind !== 'postgres') return [];
  const warnings: string[] = [];
  if (config.documents.storage === 'disk' && !config.documents.filesShared) {
    warnings.push(
      `documents are stored in ${config.documents.filesDir} on this machine; with several instances mount one shared folder there and set FILES_SHARED=true, or use S3_BUCKET.`,
    );
  }
  if (!config.requests.mail.smtpUrl) {
    warnings.push(
      "SMTP_URL is not set: the requests' e-mails are not delivered, only kept in the store's outbox (`client-portal-host outbox`).",
    );
  }
  return warnings;
}

/** Stops the host on SIGTERM/SIGINT; a second signal exits at once. */
export function stopOnSignals(running: RunningHost, io: CliIo): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(1);
    received = true;
    say(io, `${signal} received: finishing in-flight requests, then stopping.`);
    running.stop().then(
      () => {
        say(io, 'Stopped.');
        process.exitCode = 0;
      },
      (error: unknown) => {
        running.host.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createPortalHost, type PortalHost, type PortalHostOptions } from '../app.js';
import type { HostConfig } from '../config/index.js';
import { limitServer, MAX_HEADER_BYTES } from '../http/limits.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../store/index.js';
import { type CliIo, say } from './io.js';

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
      : `e-mail to the outbox in ${config.requests.mail.outboxDir} (\`client-portal-host outbox\` prints it)`;
    say(
      io,
      `Requests schedule (UTC): "${host.requestSchedule.cron}" — check-ins, reminders, ${mail}${config.requests.webhook ? ', signed webhook' : ''}.`,
    );
  }
  if (config.documents.signingKeysEphemeral && config.store.kind === 'postgres') {
    say(io, 'Note: SIGNING_KEYS is not set; download links only work on this instance until it restarts.');
  }
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

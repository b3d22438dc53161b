// @ts-check
// The fuzzed host's process (see fuzz-host.ts). Plain JavaScript: a child process does not get
// Vitest's TypeScript transform, so it loads host-entry.ts through a Vite module runner of its
// own, resolving like the "node" test project (linked workspace packages through Vite, other
// dependencies by Node). The test process sends the start data as the first IPC message.
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, createServerModuleRunner } from 'vite';

/** @typedef {import('./host-entry.js').HostStartData} HostStartData */
/** @typedef {import('./host-entry.js').HostMessage} HostMessage */
/** @typedef {import('./host-entry.js').HostRequest} HostRequest */

const send = process.send?.bind(process);
if (!send) throw new Error('host-process.mjs runs as a child process with an IPC channel');

// The test process went away (it ended, or was killed): so does the host, rather than linger.
process.on('disconnect', () => process.exit(0));

/** @type {HostStartData} */
const data = (await once(process, 'message'))[0];
const vite = await createServer({
  configFile: false,
  root: data.root,
  cacheDir: join(tmpdir(), 'client-portal-fuzz-vite'),
  logLevel: 'silent',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
/** @type {typeof import('./host-entry.js')} */
const { runHost } = await runner.import(data.entry);
await runHost(
  data,
  {
    post: (/** @type {HostMessage} */ message) => send(message),
    onMessage: (/** @type {(message: HostRequest) => void} */ handler) =>
      process.on('message', (message) => handler(/** @type {HostRequest} */ (message))),
    close: () => process.disconnect(),
  },
  async () => {
    await runner.close();
    await vite.close();
  },
);

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { formatContractReport, runContractChecks } from '@client-portal/api-client/contract-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES, DEMO_PASSWORD } from './store/demo/index.js';
import { ACME_USER, useDemoHost } from './test-support/demo-host.js';
import { featureStores } from './test-support/stores.js';

/** A free port, so the host can be told its own origin (the CSRF guard compares Origin with it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// The contract test kit (the one a provider runs against its own backend) against our host, over
// real HTTP: every route, signed in and out, statuses and schema-valid bodies.
describe.each(featureStores)('the /api contract kit against the host on $name', (kind) => {
  let port = 0;
  let server: Server | undefined;
  const demo = useDemoHost(kind, {
    env: async () => {
      port = await freePort();
      return { PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
    },
  });

  beforeAll(async () => {
    server = createServer(demo.host.app);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('passes every check', async () => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: ACME_USER, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';', 1)[0]!;

    const report = await runContractChecks({
      baseUrl,
      cookie,
      fixtures: {
        projectKey: DEMO_FIXTURES.projectKey,
        projectId: DEMO_FIXTURES.projectId,
        fileId: DEMO_FIXTURES.fileId,
        articleSlug: DEMO_FIXTURES.articleSlug,
        searchQuery: DEMO_FIXTURES.searchQuery,
        foreignContactId: DEMO_FIXTURES.foreign.contactId,
      },
      signIn: { email: ACME_USER, password: DEMO_PASSWORD },
    });
    expect(
      report.checks.filter((c) => !c.ok),
      formatContractReport(report),
    ).toEqual([]);
    expect(report.routesNotChecked).toEqual([]);
    expect(report.passed).toBeGreaterThan(50);
  }, 60_000);
});

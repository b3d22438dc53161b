import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createPortalHost, type PortalHost, type PortalHostOptions } from '../app.js';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { TEST_NOW, testConfig } from './host.js';
import type { TestStore, TestStoreKind } from './stores.js';

/** The origin the test host believes it is served from. */
export const DEMO_ORIGIN = 'https://portal.example';
/** Headers of a same-origin fetch from the portal page (passes the CSRF guard). */
export const SAME_ORIGIN_HEADERS = { Origin: DEMO_ORIGIN, 'Sec-Fetch-Site': 'same-origin' } as const;

export const ACME_USER = 'demo@acme.example';
export const GLOBEX_USER = 'demo@globex.example';
export const STAFF_USER = 'staff@provider.example';

/**
 * A host over a store of its own holding the deterministic demo data set (Acme, Globex, the
 * staff user; clock TEST_NOW), with real auth. Use once per test file, inside a describe.each over
 * `testStores`; read the fields inside tests or hooks (they are set in beforeAll).
 */
export interface DemoHost {
  host: PortalHost;
  store: TestStore;
  /** Where the demo PDFs were written (FILES_DIR). */
  filesDir: string;
  /** Signs in through POST /api/auth/login and returns the `Cookie` header value for later calls. */
  signIn(email: string): Promise<string>;
  /** A GET with the session cookie. */
  get(path: string, cookie?: string): request.Test;
  /** A same-origin JSON POST with the session cookie. */
  post(path: string, body: unknown, cookie?: string): request.Test;
}

export interface DemoHostOptions {
  /** More environment variables for the host's config (a function runs in beforeAll). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** More createPortalHost options (a clock, a logger…). */
  options?: Omit<PortalHostOptions, 'store'>;
}

export function useDemoHost(kind: TestStoreKind, setup: DemoHostOptions = {}): DemoHost {
  const cookies = new Map<string, string>();
  const demo = {
    async signIn(email: string) {
      const cached = cookies.get(email);
      if (cached) return cached;
      const res = await request(demo.host.app)
        .post('/api/auth/login')
        .set(SAME_ORIGIN_HEADERS)
        .send({ email, password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.text}`);
      const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const name = demo.host.config.auth.cookieName;
      const line = lines.find((l) => l.startsWith(`${name}=`));
      if (!line) throw new Error(`sign-in as ${email} set no session cookie`);
      const cookie = line.split(';', 1)[0] as string;
      cookies.set(email, cookie);
      return cookie;
    },
    get(path: string, cookie?: string) {
      const req = request(demo.host.app).get(path);
      return cookie ? req.set('Cookie', cookie) : req;
    },
    post(path: string, body: unknown, cookie?: string) {
      const req = request(demo.host.app).post(path).set(SAME_ORIGIN_HEADERS);
      if (cookie) req.set('Cookie', cookie);
      return req.send(body as object);
    },
  } as DemoHost;

  beforeAll(async () => {
    demo.filesDir = await mkdtemp(join(tmpdir(), 'cp-demo-files-'));
    // The demo data set as seedDemo writes it (clock TEST_NOW), copied from a template seeded once.
    demo.store = await kind.open({ seeded: { filesDir: demo.filesDir } });
    const env = typeof setup.env === 'function' ? await setup.env() : setup.env;
    demo.host = await createPortalHost(
      testConfig({ PUBLIC_ORIGIN: DEMO_ORIGIN, FILES_DIR: demo.filesDir, ...env }),
      { now: () => TEST_NOW, ...setup.options, store: demo.store },
    );
  }, 60_000);
  afterAll(async () => {
    await demo.host?.close();
    await demo.store?.close();
    if (demo.filesDir) await rm(demo.filesDir, { recursive: true, force: true });
  });
  return demo;
}

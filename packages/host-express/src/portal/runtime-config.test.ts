import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalHost } from '../app.js';
import { ConfigError, loadConfig } from '../config/index.js';
import { authDouble, testConfig } from '../test-support/host.js';
import { pgliteTestStore, type TestStore } from '../test-support/stores.js';
import {
  injectRuntimeConfig,
  portalRuntimeConfig,
  RUNTIME_CONFIG_ID,
  scriptSafeJson,
} from './runtime-config.js';

/** The JSON data block's content in a served index.html, parsed. */
function runtimeConfigIn(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${RUNTIME_CONFIG_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!match) throw new Error(`no runtime configuration in ${html}`);
  return JSON.parse(match[1] as string);
}

describe('portalRuntimeConfig', () => {
  it('tells the portal the sign-in mode of AUTH_MODE, Home’s lifecycle stage and nothing else by default', () => {
    expect(portalRuntimeConfig(testConfig())).toEqual({
      basePath: '',
      signInMode: 'local',
      posthog: null,
      homeLifecycleStage: '249503789',
    });
    const oidc = testConfig({
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: 'https://idp.example',
      OIDC_CLIENT_ID: 'portal',
    });
    expect(portalRuntimeConfig(oidc).signInMode).toBe('sso');
  });

  it('passes PostHog, the locale and the footer links on', () => {
    const config = testConfig({
      POSTHOG_KEY: 'phc_abc',
      POSTHOG_HOST: 'https://eu.i.posthog.com',
      HOME_LIFECYCLE_STAGE: 'customer',
      PORTAL_LOCALE: 'de-CH',
      PORTAL_PRIVACY_POLICY_URL: 'https://acme.example/privacy',
      PORTAL_CONTACT_URL: 'https://acme.example/contact',
    });
    expect(portalRuntimeConfig(config)).toEqual({
      basePath: '',
      signInMode: 'local',
      posthog: { key: 'phc_abc', host: 'https://eu.i.posthog.com' },
      homeLifecycleStage: 'customer',
      locale: 'de-CH',
      links: { privacyPolicy: 'https://acme.example/privacy', contact: 'https://acme.example/contact' },
    });
  });

  it("passes the provider's brand on, and refuses a brand name of more than one line", () => {
    const config = testConfig({
      PORTAL_BRAND_NAME: ' Northwind Digital ',
      PORTAL_BRAND_LOGO_URL: 'https://northwind.example/mark.svg',
    });
    expect(portalRuntimeConfig(config).brand).toEqual({
      name: 'Northwind Digital',
      logo: 'https://northwind.example/mark.svg',
    });
    expect(portalRuntimeConfig(testConfig())).not.toHaveProperty('brand');
    let problems: readonly string[] = [];
    try {
      loadConfig({ PORTAL_BRAND_NAME: 'Two\nlines', PORTAL_BRAND_LOGO_URL: 'javascript:alert(1)' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^PORTAL_BRAND_NAME must be one line of text/),
      expect.stringMatching(/^PORTAL_BRAND_LOGO_URL must be an absolute http\(s\) URL/),
    ]);
  });

  it('lists the demo accounts for the sign-in page only when the host runs with them', () => {
    const demo = {
      password: 'demo-password',
      accounts: [{ email: 'demo@acme.example', description: 'Acme' }],
    };
    expect(portalRuntimeConfig(testConfig(), demo).demo).toEqual(demo);
    expect(portalRuntimeConfig(testConfig(), null)).not.toHaveProperty('demo');
  });

  it('rejects a locale or a link that is not one, with the variable named', () => {
    let problems: readonly string[] = [];
    try {
      loadConfig({ PORTAL_LOCALE: 'en_US; drop', PORTAL_WEBSITE_URL: 'javascript:alert(1)' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^PORTAL_LOCALE must be a language tag/),
      expect.stringMatching(/^PORTAL_WEBSITE_URL must be an absolute http\(s\) URL/),
    ]);
  });
});

describe('injectRuntimeConfig', () => {
  const runtime = portalRuntimeConfig(testConfig());

  it('replaces the build’s placeholder data block', () => {
    const html = `<html><head><title>x</title>\n<script type="application/json" id="${RUNTIME_CONFIG_ID}">{}</script></head><body></body></html>`;
    const out = injectRuntimeConfig(html, runtime);
    expect(out.match(new RegExp(RUNTIME_CONFIG_ID, 'g'))).toHaveLength(1);
    expect(runtimeConfigIn(out)).toEqual(runtime);
    expect(out).toContain('<title>x</title>');
  });

  it('adds a data block before </head> when the page has none', () => {
    const out = injectRuntimeConfig('<html><head><title>x</title></head><body></body></html>', runtime);
    expect(out).toMatch(
      new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ID}">.*</script>\\n</head>`),
    );
  });

  it('cannot be broken out of: markup in values stays inside the JSON', () => {
    const hostile = {
      ...runtime,
      locale: '</script><script>alert(1)</script><!--',
      links: { website: 'a&b\u2028' },
    };
    const out = injectRuntimeConfig('<head></head>', hostile as typeof runtime);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).not.toContain('<!--');
    expect(runtimeConfigIn(out)).toEqual(hostile);
    expect(scriptSafeJson('<>&')).toBe('"\\u003c\\u003e\\u0026"');
  });
});

describe('the standalone portal served with its runtime configuration', () => {
  let store: TestStore;
  let dir: string;
  beforeAll(async () => {
    store = await pgliteTestStore.open();
    dir = await mkdtemp(join(tmpdir(), 'portal-runtime-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><html><head><title>Portal</title><script type="application/json" id="${RUNTIME_CONFIG_ID}">{}</script><script type="module" src="./assets/index-B4x9Qz1k.js"></script><link rel="icon" href="./favicon.svg"></head><body><div id="root"></div></body></html>`,
    );
    await writeFile(join(dir, 'assets', 'index-B4x9Qz1k.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const hostWith = (env: Record<string, string>) =>
    createPortalHost(testConfig({ PORTAL_DIR: dir, ...env }), { store, createAuth: authDouble() });

  it('writes the configuration into every index.html answer (/, deep links, /index.html) under the strict CSP', async () => {
    const host = await hostWith({ POSTHOG_KEY: 'phc_e2e', PORTAL_LOCALE: 'ar' });
    try {
      const api = request(host.app);
      const home = await api
        .get('/')
        .expect(200)
        .expect('content-type', /text\/html/);
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.headers.etag).toBeTruthy();
      expect(runtimeConfigIn(home.text)).toEqual({
        basePath: '',
        signInMode: 'local',
        posthog: { key: 'phc_e2e', host: 'https://us.i.posthog.com' },
        homeLifecycleStage: '249503789',
        locale: 'ar',
      });
      expect(home.text).toContain('<script type="module" src="/assets/index-B4x9Qz1k.js">');
      expect(home.text).toContain('<link rel="icon" href="/favicon.svg">');
      // A data block needs no inline-script allowance.
      const csp = home.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self' https:\/\/us-assets\.i\.posthog\.com;/);
      expect(csp).not.toContain('unsafe-inline');
      const deep = await api.get('/services/projects?tab=x').expect(200);
      expect(deep.text).toBe(home.text);
      const direct = await api.get('/index.html').expect(200);
      expect(direct.text).toBe(home.text);
      await api
        .get('/')
        .set('If-None-Match', home.headers.etag as string)
        .expect(304);
    } finally {
      await host.close();
    }
  });

  it('serves the portal at PORTAL_BASE_PATH, with its references and routing under it', async () => {
    const host = await hostWith({ PORTAL_BASE_PATH: '/portal/' });
    try {
      const api = request(host.app);
      const deep = await api.get('/portal/services/projects?tab=x').expect(200);
      expect(runtimeConfigIn(deep.text)).toMatchObject({ basePath: '/portal' });
      // Absolute under the base path, so a deep link loads the same files.
      expect(deep.text).toContain('<script type="module" src="/portal/assets/index-B4x9Qz1k.js">');
      expect(deep.text).toContain('<link rel="icon" href="/portal/favicon.svg">');
      await api.get('/portal/assets/index-B4x9Qz1k.js').expect(200);
      expect((await api.get('/portal').expect(200)).text).toBe(deep.text);
      // The site root leads to the portal; the old root paths are not the portal's any more.
      await api.get('/').expect(302).expect('location', '/portal');
      await api.get('/services/projects').expect(404);
    } finally {
      await host.close();
    }
  });

  it('refuses a base path a browser could not use, naming the variable', () => {
    for (const value of ['portal', '//evil.example', '/a/../b', '/a?b']) {
      expect(() => testConfig({ PORTAL_BASE_PATH: value }), value).toThrow(/PORTAL_BASE_PATH/);
    }
    expect(testConfig({ PORTAL_BASE_PATH: '/' }).portalBasePath).toBe('');
  });

  it('asks for single sign-on when the host signs in through OIDC', async () => {
    const host = await hostWith({
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: 'https://idp.example',
      OIDC_CLIENT_ID: 'portal',
    });
    try {
      const home = await request(host.app).get('/dashboard').expect(200);
      expect(runtimeConfigIn(home.text)).toMatchObject({ signInMode: 'sso', posthog: null });
    } finally {
      await host.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseInitialAnswers, parseRuntimeConfig } from './runtimeConfig.js';

describe('parseRuntimeConfig', () => {
  it('runs on defaults without a host (empty, missing or broken data block)', () => {
    for (const text of [undefined, null, '', '{}', 'not json', '[1]', 'null', '"sso"']) {
      expect(parseRuntimeConfig(text)).toEqual({ basePath: '', signInMode: 'local', locale: 'en' });
    }
  });

  it('reads what the host writes', () => {
    const text = JSON.stringify({
      basePath: '/portal',
      signInMode: 'sso',
      posthog: { key: 'phc_abc', host: 'https://eu.i.posthog.com/' },
      homeLifecycleStage: '249503789',
      locale: 'ar',
      links: { privacyPolicy: 'https://acme.example/privacy', website: 'https://acme.example/' },
    });
    expect(parseRuntimeConfig(text)).toEqual({
      basePath: '/portal',
      signInMode: 'sso',
      posthog: { key: 'phc_abc', host: 'https://eu.i.posthog.com' },
      homeLifecycleStage: '249503789',
      locale: 'ar',
      links: { privacyPolicy: 'https://acme.example/privacy', website: 'https://acme.example/' },
    });
    expect(parseRuntimeConfig('{"posthog":{"key":"phc_abc","host":null}}').posthog).toEqual({
      key: 'phc_abc',
    });
  });

  it('drops values that are not what they claim, keeping the defaults', () => {
    const text = JSON.stringify({
      basePath: '//evil.example',
      signInMode: 'magic',
      posthog: { key: 'bad key<script>' },
      homeLifecycleStage: '   ',
      locale: 'en_US"><img',
      links: { privacyPolicy: 'javascript:alert(1)', website: '/relative', contact: 42 },
    });
    expect(parseRuntimeConfig(text)).toEqual({ basePath: '', signInMode: 'local', locale: 'en' });
  });

  it('reads the demo accounts of a host in demo mode, and drops malformed ones', () => {
    const accounts = [
      { email: 'demo@acme.example', description: 'Acme Corporation' },
      { email: 'staff@provider.example', description: 'provider staff' },
    ];
    expect(
      parseRuntimeConfig(JSON.stringify({ demo: { password: 'demo-password', accounts } })).demo,
    ).toEqual({
      password: 'demo-password',
      accounts,
    });
    for (const demo of [
      { password: '', accounts },
      { password: 'x', accounts: [] },
      { password: 'x', accounts: 'all' },
      { password: 'x\nline', accounts },
      { password: 'x', accounts: [{ email: 42, description: 'd' }, { email: 'a@b.example' }] },
    ]) {
      expect(parseRuntimeConfig(JSON.stringify({ demo })).demo).toBeUndefined();
    }
    const many = Array.from({ length: 20 }, (_, i) => ({ email: `u${i}@x.example`, description: 'd' }));
    expect(
      parseRuntimeConfig(JSON.stringify({ demo: { password: 'p', accounts: many } })).demo?.accounts,
    ).toHaveLength(10);
  });

  it("reads the provider's brand: a one-line name and an http(s) logo, nothing else", () => {
    const read = (brand: unknown) => parseRuntimeConfig(JSON.stringify({ brand })).brand;
    expect(read({ name: 'Northwind', logo: 'https://northwind.example/mark.svg' })).toEqual({
      name: 'Northwind',
      logo: 'https://northwind.example/mark.svg',
    });
    expect(read({ name: 'Two\nlines', logo: 'javascript:alert(1)' })).toBeUndefined();
    expect(read({ name: 'x'.repeat(81) })).toBeUndefined();
    expect(read('Northwind')).toBeUndefined();
  });

  it('takes only a base path a router can use', () => {
    for (const basePath of [
      '/',
      'portal',
      '/portal/',
      '/a/../b',
      '/a?b',
      '/a#b',
      'https://x.example/p',
      42,
    ]) {
      expect(parseRuntimeConfig(JSON.stringify({ basePath })).basePath).toBe('');
    }
    expect(parseRuntimeConfig('{"basePath":"/en/client-portal"}').basePath).toBe('/en/client-portal');
  });
});

describe('parseInitialAnswers', () => {
  it('reads the answers the host writes, and nothing from a missing or broken block', () => {
    const answers = {
      'GET /api/auth/me': { status: 200, body: { sub: 'u1' } },
      'POST /api/profile': { status: 200, body: { contact: null } },
    };
    expect(parseInitialAnswers(JSON.stringify({ answers }))).toEqual({ answers });
    for (const text of [undefined, null, '', 'not json', '[]', '{}', '{"answers":[]}', '{"answers":{}}']) {
      expect(parseInitialAnswers(text)).toBeNull();
    }
  });

  it('drops entries that are not a read of /api with a status', () => {
    const text = JSON.stringify({
      answers: {
        'GET /api/teams': { status: 200, body: { teams: [] } },
        'DELETE /api/teams': { status: 200 },
        'GET https://evil.example/api': { status: 200 },
        'GET /api/talent': { body: {} },
        'GET /api/documents': 'yes',
      },
    });
    expect(parseInitialAnswers(text)).toEqual({
      answers: { 'GET /api/teams': { status: 200, body: { teams: [] } } },
    });
  });
});

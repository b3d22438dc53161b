import { describe, expect, it } from 'vitest';
import { AUTH_DEFAULTS, authConfig, authConfigProblems } from './config.js';

describe('auth configuration', () => {
  it('accepts the defaults for local mode', () => {
    const config = authConfig({ publicOrigin: 'http://localhost:3000' });
    expect(config.cookieName).toBe(AUTH_DEFAULTS.cookieName);
    expect(authConfigProblems(config)).toEqual([]);
  });

  it('names each bad value', () => {
    const problems = authConfigProblems(
      authConfig({
        publicOrigin: 'portal.example',
        corsOrigins: ['ftp://x.example'],
        cookieName: 'bad name',
        idleMinutes: 0,
        absoluteHours: -1,
        portalBasePath: '//evil.example',
        rateLimits: {
          signInPerIp: { max: 0, windowSeconds: 60 },
          signInPerAccountSource: { free: 5, baseSeconds: 60, maxSeconds: 3600, resetSeconds: 86_400 },
        },
      }),
    );
    expect(problems).toHaveLength(7);
  });

  it('needs https for a remote issuer, allowing plain http only on loopback', () => {
    const oidc = (issuer: string) =>
      authConfigProblems(
        authConfig({
          publicOrigin: 'https://portal.example',
          mode: 'oidc',
          oidc: { issuer, clientId: 'portal', redirectUrl: 'https://portal.example/api/auth/callback' },
        }),
      );
    expect(oidc('https://idp.example')).toEqual([]);
    expect(oidc('http://127.0.0.1:4000')).toEqual([]);
    expect(oidc('http://idp.example')).toEqual([expect.stringContaining('must use https')]);
    expect(authConfigProblems(authConfig({ publicOrigin: 'https://p.example', mode: 'oidc' }))).toEqual([
      expect.stringContaining('oidc mode needs'),
    ]);
  });
});

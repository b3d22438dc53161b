import { describe, expect, it } from 'vitest';
import { normaliseBasePath, serverAddress } from './PortalRouter.js';

describe('serverAddress (ssrPath as the browser shows the address)', () => {
  it('keeps an address that already has the base path, query included', () => {
    expect(serverAddress('/portal/services/projects?tab=x', '/portal')).toBe(
      '/portal/services/projects?tab=x',
    );
    expect(serverAddress('/portal', '/portal')).toBe('/portal');
    expect(serverAddress('/Portal/dashboard', '/portal')).toBe('/Portal/dashboard');
  });

  it('puts the base path in front of a path inside the portal', () => {
    expect(serverAddress('/services/projects', '/portal')).toBe('/portal/services/projects');
    expect(serverAddress('/', '/portal')).toBe('/portal');
    expect(serverAddress('/?x=1', '/portal')).toBe('/portal?x=1');
    expect(serverAddress('auth/signin', '/portal')).toBe('/portal/auth/signin');
    // Only whole segments count as the base path.
    expect(serverAddress('/portal-help', '/portal')).toBe('/portal/portal-help');
  });

  it('is the path itself without a base path', () => {
    expect(serverAddress('/dashboard', '')).toBe('/dashboard');
    expect(serverAddress('dashboard', '')).toBe('/dashboard');
  });
});

describe('normaliseBasePath', () => {
  it('gives a leading slash and no trailing one', () => {
    expect(normaliseBasePath(undefined)).toBe('');
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('portal/')).toBe('/portal');
    expect(normaliseBasePath(' /portal ')).toBe('/portal');
  });
});

import { describe, expect, it } from 'vitest';
import { currentPageAddress, currentReturnTo, loginUrlFor, portalPathOf } from './login-url.js';

describe('loginUrlFor (login URL with returnTo)', () => {
  it('adds returnTo, encoded, to a login URL without a query', () => {
    expect(loginUrlFor('/api/auth/login', '/services/talent?tab=Active')).toBe(
      '/api/auth/login?returnTo=%2Fservices%2Ftalent%3Ftab%3DActive',
    );
  });

  it('keeps a query the login URL already has', () => {
    expect(loginUrlFor('https://id.example.com/login?client=portal', '/dashboard')).toBe(
      'https://id.example.com/login?client=portal&returnTo=%2Fdashboard',
    );
    expect(loginUrlFor('/login?', '/dashboard')).toBe('/login?returnTo=%2Fdashboard');
    expect(loginUrlFor('/login?a=1&', '/dashboard')).toBe('/login?a=1&returnTo=%2Fdashboard');
  });

  it('puts returnTo before a fragment', () => {
    expect(loginUrlFor('https://id.example.com/login#start', '/home')).toBe(
      'https://id.example.com/login?returnTo=%2Fhome#start',
    );
  });

  it('never passes on an address that leaves the site', () => {
    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(loginUrlFor('/api/auth/login', unsafe)).toBe('/api/auth/login?returnTo=%2F');
    }
  });

  it('defaults to the page address, "/" on a server', () => {
    expect(typeof window).toBe('undefined');
    expect(currentPageAddress()).toBe('/');
    expect(loginUrlFor('/api/auth/login')).toBe('/api/auth/login?returnTo=%2F');
  });
});

describe('currentReturnTo (the portal address the guard sends)', () => {
  it('joins base path, portal path and query', () => {
    expect(currentReturnTo('', '/services/projects', '')).toBe('/services/projects');
    expect(currentReturnTo('', '/services/talent', 'tab=Active')).toBe('/services/talent?tab=Active');
    expect(currentReturnTo('/portal', '/dashboard', '?x=1')).toBe('/portal/dashboard?x=1');
    expect(currentReturnTo('/portal', '/', '')).toBe('/portal');
  });

  it('uses an address outside the base as it is', () => {
    expect(currentReturnTo('/portal', '~/elsewhere', '')).toBe('/elsewhere');
  });
});

describe('portalPathOf (where the sign-in page goes afterwards)', () => {
  it('is returnTo itself without a base path', () => {
    expect(portalPathOf('/services/projects', '')).toBe('/services/projects');
    expect(portalPathOf('/services/talent?tab=Active', '')).toBe('/services/talent?tab=Active');
  });

  it('strips the base path', () => {
    expect(portalPathOf('/portal/services/projects', '/portal')).toBe('/services/projects');
    expect(portalPathOf('/Portal/dashboard?x=1', '/portal')).toBe('/dashboard?x=1');
    expect(portalPathOf('/portal', '/portal')).toBe('/');
    expect(portalPathOf('/portal?x=1', '/portal')).toBe('/?x=1');
  });

  it('goes to the portal start for addresses outside the portal or off the site', () => {
    expect(portalPathOf('/portalx/dashboard', '/portal')).toBe('/');
    expect(portalPathOf('/other', '/portal')).toBe('/');
    expect(portalPathOf('//evil.example', '')).toBe('/');
    expect(portalPathOf('https://evil.example', '/portal')).toBe('/');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// posthog-js cannot reach PostHog from here; this stands in for the module the portal imports
// lazily, recording what the portal asks of it.
const calls: unknown[][] = [];
const instance = {
  capture: (...args: unknown[]) => calls.push(['capture', ...args]),
  identify: (...args: unknown[]) => calls.push(['identify', ...args]),
  reset: (...args: unknown[]) => calls.push(['reset', ...args]),
};
const init = vi.fn((...args: unknown[]) => {
  calls.push(['init', ...args]);
  return instance;
});
vi.mock('posthog-js', () => ({ default: { init } }));

const { createAnalytics, noAnalytics } = await import('./posthog.js');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAnalytics (PostHog)', () => {
  beforeEach(() => {
    calls.length = 0;
    init.mockClear();
    vi.stubGlobal('window', { location: { href: 'https://site.example/portal/dashboard' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a no-op without a key, when opted out, and on the server', async () => {
    expect(createAnalytics(undefined, 'p')).toBe(noAnalytics);
    expect(createAnalytics({ key: '' }, 'p')).toBe(noAnalytics);
    expect(createAnalytics({ key: 'phc_x', optOut: true }, 'p')).toBe(noAnalytics);
    vi.unstubAllGlobals();
    expect(createAnalytics({ key: 'phc_x' }, 'p')).toBe(noAnalytics);
    await settle();
    expect(init).not.toHaveBeenCalled();
  });

  it('loads PostHog on first use only, as a named instance profiling identified users only', async () => {
    const analytics = createAnalytics({ key: 'phc_x', host: 'https://eu.i.posthog.com' }, 'portal-1');
    await settle();
    expect(init).not.toHaveBeenCalled();
    analytics.pageview('/dashboard');
    analytics.pageview('/services/projects');
    await settle();
    expect(init).toHaveBeenCalledTimes(1);
    const [key, config, name] = init.mock.calls[0]!;
    expect(key).toBe('phc_x');
    expect(name).toBe('portal-1');
    expect(config).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      person_profiles: 'identified_only',
      capture_pageview: false,
      autocapture: false,
    });
    expect(calls.slice(1)).toEqual([
      ['capture', '$pageview', { $current_url: 'https://site.example/portal/dashboard', path: '/dashboard' }],
      [
        'capture',
        '$pageview',
        { $current_url: 'https://site.example/portal/dashboard', path: '/services/projects' },
      ],
    ]);
  });

  it('identifies after sign-in and resets at sign-out', async () => {
    const analytics = createAnalytics({ key: 'phc_x' }, 'portal-2');
    analytics.identify({ sub: 'user-1', email: 'ada@acme.example', name: 'Ada' });
    analytics.reset();
    await settle();
    expect(calls.filter(([what]) => what !== 'init')).toEqual([
      ['identify', 'user-1', { email: 'ada@acme.example', name: 'Ada' }],
      ['reset'],
    ]);
    expect((init.mock.calls[0]![1] as { api_host: string }).api_host).toBe('https://us.i.posthog.com');
  });
});

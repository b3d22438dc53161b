import type { PostHog } from 'posthog-js';
import type { PortalPostHogOptions } from '../config.js';

/** What the portal reports to product analytics. Every call is a no-op without a key. */
export interface PortalAnalytics {
  pageview(path: string): void;
  identify(user: { sub: string; email: string; name: string }): void;
  reset(): void;
}

export const noAnalytics: PortalAnalytics = { pageview() {}, identify() {}, reset() {} };

const DEFAULT_HOST = 'https://us.i.posthog.com';

/**
 * PostHog, only when a key is given, loaded on first use with a dynamic import so that posthog-js
 * (~120 KB gzip) is never part of the portal's initial bundle. Profiles identified users only;
 * page views are sent by the portal on route changes (PostHog's own would see the host's URL
 * changes too). Uses a named instance, so it neither reads nor replaces a PostHog the host runs.
 */
export function createAnalytics(
  options: PortalPostHogOptions | undefined,
  instanceName: string,
): PortalAnalytics {
  // Opted out: PostHog is not even downloaded (nothing could be sent, and the portal offers no
  // opt-in of its own; the host passes optOut: false to start it).
  if (!options?.key || options.optOut || typeof window === 'undefined') return noAnalytics;
  let loading: Promise<PostHog | null> | undefined;
  const load = () => {
    loading ??= import('posthog-js')
      .then(({ default: posthog }) => {
        const instance = posthog.init(
          options.key,
          {
            api_host: options.host ?? DEFAULT_HOST,
            person_profiles: 'identified_only',
            capture_pageview: false,
            capture_pageleave: false,
            autocapture: false,
            disable_session_recording: true,
            respect_dnt: true,
          },
          instanceName,
        );
        return instance ?? null;
      })
      .catch(() => null);
    return loading;
  };
  const run = (action: (posthog: PostHog) => void) => {
    void load().then((posthog) => {
      if (posthog) action(posthog);
    });
  };
  return {
    pageview: (path) => run((p) => p.capture('$pageview', { $current_url: window.location.href, path })),
    identify: (user) => run((p) => p.identify(user.sub, { email: user.email, name: user.name })),
    reset: () => run((p) => p.reset()),
  };
}

import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { HostConfig } from '../config/index.js';

/**
 * PostHog's ingestion host and, for its *.i.posthog.com clouds, the assets host its lazily loaded
 * extensions come from (the `-assets` twin of the ingestion host, e.g. us-assets.i.posthog.com).
 */
function posthogSources(host: string): { connect: string[]; script: string[] } {
  const url = new URL(host);
  const match = /^([a-z0-9-]+)\.i\.posthog\.com$/.exec(url.hostname);
  const assets = match ? `${url.protocol}//${match[1]}-assets.i.posthog.com` : null;
  return { connect: [url.origin, ...(assets ? [assets] : [])], script: assets ? [assets] : [] };
}

/** The Content-Security-Policy directives for the standalone portal (a single-page app). */
export function cspDirectives(config: HostConfig): Record<string, string[]> {
  const posthog = config.posthog ? posthogSources(config.posthog.host) : { connect: [], script: [] };
  const https = config.http.publicOrigin.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...posthog.script],
    'script-src-attr': ["'none'"],
    // The portal's CSS is static files (vanilla-extract); inline styles are set through the CSSOM.
    'style-src': ["'self'"],
    // Company logos and people's photos come from the CRM's hosts, which vary (the provider's own
    // CRM). GitHub's avatars are not sent to the browser: organisations are drawn as initials.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...posthog.connect],
    'form-action': ["'self'"],
    'frame-ancestors': config.http.frameAncestors,
    'object-src': ["'none'"],
    // Only behind HTTPS: on plain-http localhost it would break every subresource.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function securityHeaders(config: HostConfig): RequestHandler {
  const onlySelf = config.http.frameAncestors.length === 1 && config.http.frameAncestors[0] === "'self'";
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // frame-ancestors decides framing; X-Frame-Options cannot express an allow-list.
    xFrameOptions: onlySelf ? { action: 'sameorigin' } : false,
    strictTransportSecurity: config.http.publicOrigin.startsWith('https:'),
  });
}

/** A fixed-window limit: at most `max` attempts per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Exponential backoff (rate-limits.ts hitBackoff): `free` attempts, then a wait of `baseSeconds`
 * that doubles with every further attempt up to `maxSeconds`; the count starts over `resetSeconds`
 * after the last attempt.
 */
export interface BackoffRule {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  resetSeconds: number;
}

export interface OidcConfig {
  /** Issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Omit for a public client (PKCE only). */
  clientSecret?: string | undefined;
  /** Absolute URL of this host's `/api/auth/callback`, as registered at the IdP. */
  redirectUrl: string;
  /** Where the IdP sends the browser after its logout; default `<publicOrigin>/`. Must be registered. */
  postLogoutRedirectUrl?: string | undefined;
  /** Default `openid email profile`. */
  scope?: string | undefined;
  /** Default `client_secret_basic` with a secret, `none` without. */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none' | undefined;
}

export interface AuthConfig {
  mode: 'local' | 'oidc';
  /** The browser-visible origin of the portal, e.g. `https://portal.example.com`. */
  publicOrigin: string;
  /** Session cookie name; `__Host-` prefixed names are fine when the cookie is always Secure. */
  cookieName: string;
  /**
   * Force the Secure attribute on or off. Left out, cookies are Secure when `publicOrigin` is https
   * or the request arrived over https (`req.secure`, which honours X-Forwarded-Proto only when
   * Express's `trust proxy` is set).
   */
  cookieSecure?: boolean | undefined;
  /** A session ends after this long without a request. */
  idleMinutes: number;
  /** A session ends this long after sign-in, however active. */
  absoluteHours: number;
  /** Other origins (same site, e.g. the marketing site embedding the portal) allowed to call /api with credentials. */
  corsOrigins: readonly string[];
  /**
   * Where the portal is mounted on the public origin: '' (the root, as the standalone portal is) or
   * a path such as '/portal'. Its sign-in page is `<portalBasePath>/auth/signin`, and it is where
   * sign-in and sign-out land when `returnTo` is missing or unsafe.
   */
  portalBasePath: string;
  /**
   * Keys the encrypted OIDC transaction cookie. Every host instance needs the same value; left out,
   * the OIDC client secret is used, and failing that a random per-process key.
   */
  secret?: string | undefined;
  oidc?: OidcConfig | undefined;
  rateLimits: {
    /**
     * Sign-in attempts at one account from one source (IPv4 address or IPv6 /64). Per account
     * and source together, so nobody elsewhere can lock a customer out.
     */
    signInPerAccountSource: BackoffRule;
    /** Failed sign-ins from one source at any account (successful ones are not counted). */
    signInPerIp: RateLimitRule;
  };
}

export const AUTH_DEFAULTS = {
  mode: 'local',
  cookieName: 'portal_session',
  idleMinutes: 60,
  absoluteHours: 12,
  corsOrigins: [],
  portalBasePath: '',
  rateLimits: {
    signInPerAccountSource: { free: 5, baseSeconds: 60, maxSeconds: 60 * 60, resetSeconds: 24 * 60 * 60 },
    signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  },
} as const satisfies Omit<AuthConfig, 'publicOrigin'>;

/** The defaults with the given values on top. */
export function authConfig(values: Partial<AuthConfig> & Pick<AuthConfig, 'publicOrigin'>): AuthConfig {
  return {
    ...AUTH_DEFAULTS,
    ...values,
    corsOrigins: values.corsOrigins ?? [],
    rateLimits: { ...AUTH_DEFAULTS.rateLimits, ...values.rateLimits },
  };
}

/** A path to mount the portal at: "/portal", "/en/client-portal"; not "/", "//x", "/a/", "/a?b". */
export const isBasePath = (value: string) =>
  /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(value) && !/\/\.\.?(\/|$)/.test(value);

/** The portal's sign-in page on the public origin. */
export const signInPageOf = (config: Pick<AuthConfig, 'portalBasePath'>) =>
  `${config.portalBasePath}/auth/signin`;

/** The portal's start on the public origin: where a missing or unsafe `returnTo` leads. */
export const portalStartOf = (config: Pick<AuthConfig, 'portalBasePath'>) => config.portalBasePath || '/';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** One message per bad value, empty when the configuration is usable. */
export function authConfigProblems(config: AuthConfig): string[] {
  const problems: string[] = [];
  if (!originOf(config.publicOrigin))
    problems.push(`public origin "${config.publicOrigin}" is not an http(s) URL`);
  for (const origin of config.corsOrigins) {
    if (!originOf(origin)) problems.push(`CORS origin "${origin}" is not an http(s) origin`);
  }
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(config.cookieName)) {
    problems.push(`cookie name "${config.cookieName}" is not a valid cookie name`);
  }
  if (!(config.idleMinutes > 0)) problems.push('session idle minutes must be a positive number');
  if (!(config.absoluteHours > 0)) problems.push('session absolute hours must be a positive number');
  const { signInPerIp, signInPerAccountSource: backoff } = config.rateLimits;
  if (!(Number.isInteger(signInPerIp.max) && signInPerIp.max > 0 && signInPerIp.windowSeconds > 0)) {
    problems.push('rate limit signInPerIp needs a positive integer max and a positive window');
  }
  if (
    !(
      Number.isInteger(backoff.free) &&
      backoff.free > 0 &&
      backoff.baseSeconds > 0 &&
      backoff.maxSeconds >= backoff.baseSeconds &&
      backoff.resetSeconds >= backoff.maxSeconds
    )
  ) {
    problems.push(
      'rate limit signInPerAccountSource needs a positive integer free count and 0 < base ≤ max ≤ reset seconds',
    );
  }
  if (config.portalBasePath !== '' && !isBasePath(config.portalBasePath)) {
    problems.push(
      `portal base path "${config.portalBasePath}" must be '' or a path such as /portal (one leading "/", no trailing "/", no query)`,
    );
  }
  if (config.mode === 'oidc') {
    const oidc = config.oidc;
    if (!oidc) return [...problems, 'oidc mode needs the OIDC issuer, client id and redirect URL'];
    const issuer = safeUrl(oidc.issuer);
    if (!issuer) problems.push(`OIDC issuer "${oidc.issuer}" is not a URL`);
    else if (
      issuer.protocol !== 'https:' &&
      !(issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname))
    ) {
      problems.push(`OIDC issuer "${oidc.issuer}" must use https (plain http only on localhost)`);
    }
    if (!oidc.clientId) problems.push('OIDC client id is missing');
    if (!originOf(oidc.redirectUrl))
      problems.push(`OIDC redirect URL "${oidc.redirectUrl}" is not an http(s) URL`);
    if (oidc.postLogoutRedirectUrl && !originOf(oidc.postLogoutRedirectUrl)) {
      problems.push(`OIDC post-logout redirect URL "${oidc.postLogoutRedirectUrl}" is not an http(s) URL`);
    }
    if (oidc.tokenEndpointAuthMethod && oidc.tokenEndpointAuthMethod !== 'none' && !oidc.clientSecret) {
      problems.push(`OIDC ${oidc.tokenEndpointAuthMethod} needs a client secret`);
    }
  }
  return problems;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Canonical origins (scheme://host[:port]) for comparisons with the Origin header. */
export function trustedOrigins(config: AuthConfig): {
  publicOrigin: string;
  corsOrigins: ReadonlySet<string>;
} {
  return {
    publicOrigin: originOf(config.publicOrigin) ?? config.publicOrigin,
    corsOrigins: new Set(config.corsOrigins.map((origin) => originOf(origin) ?? origin)),
  };
}

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

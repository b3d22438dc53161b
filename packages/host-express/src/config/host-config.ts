import type { RequestTypeSpec } from '../requests/types.js';
import type { AiToolsSettings } from '../connectors/ai/settings.js';
import type { GithubSettings } from '../connectors/github/settings.js';
import type { HubspotSettings } from '../connectors/hubspot/settings.js';
import type { SigningKey } from './env-values.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type StoreConfig = (
  | /** Embedded PostgreSQL (PGlite); its data directory lives under DATA_DIR. */
  { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; poolMax: number }
) & {
  /** A statement running longer is cancelled and its request answered 503 (both engines). */
  statementTimeoutMs: number;
};

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Absolute URL of this host's /api/auth/callback as registered at the identity provider. */
  redirectUrl: string;
  /** Where the IdP returns after its logout, or null for `${publicOrigin}/`. */
  postLogoutRedirectUrl: string | null;
  scope: string;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2…); null for AWS. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string;
  /** Null: the SDK's default credential chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Everything the host reads from its environment, validated and typed (see loadConfig). */
export interface HostConfig {
  /** HTTP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on; null for Node's default (all). */
  host: string | null;
  /** Absolute DATA_DIR: the embedded store and local files live under it. */
  dataDir: string;
  store: StoreConfig;
  /** Seed the demo data set into an empty store at start (default on for the embedded store). */
  demo: boolean;
  logLevel: LogLevel;
  http: {
    /** Browser-visible origin of the portal; derived from PORT on localhost when not set. */
    publicOrigin: string;
    /** Whether PUBLIC_ORIGIN was given (and not derived). */
    publicOriginConfigured: boolean;
    /** Express `trust proxy`. */
    trustProxy: boolean | number | string;
    /** Largest JSON request body in bytes. */
    jsonBodyLimitBytes: number;
    /** CSP frame-ancestors sources: "'self'", "'none'" or origins. */
    frameAncestors: string[];
    /** How long in-flight requests may take to finish after SIGTERM before connections are cut. */
    shutdownTimeoutMs: number;
    /**
     * Memory for computed read answers kept while their data is unchanged (http/response-cache.ts);
     * 0 turns the cache off.
     */
    responseCacheBytes: number;
    /** A request still unanswered after this long is answered 503 with Retry-After. */
    requestTimeoutMs: number;
  };
  auth: {
    mode: 'local' | 'oidc';
    cookieName: string;
    /** Forces the cookie's Secure attribute; null decides from PUBLIC_ORIGIN / the request. */
    cookieSecure: boolean | null;
    sessionIdleMinutes: number;
    sessionAbsoluteHours: number;
    /** Keys sealed auth cookies (OIDC transaction); null lets auth choose (see auth/config.ts). */
    sessionSecret: string | null;
    /** Other origins allowed to call /api with credentials (a portal embedded on the same site). */
    corsOrigins: string[];
    oidc: OidcSettings | null;
  };
  documents: {
    storage: 'disk' | 's3';
    /** Local files (storage "disk"; demo PDFs are written here too). */
    filesDir: string;
    /** FILES_SHARED: FILES_DIR is a volume every instance mounts (no warning at start on PostgreSQL). */
    filesShared: boolean;
    s3: S3Settings | null;
    /** The first key signs download URLs; all of them verify (rotation). */
    signingKeys: SigningKey[];
    /** True when SIGNING_KEYS was not set and a random per-process key is used. */
    signingKeysEphemeral: boolean;
    signedUrlTtlSeconds: number;
  };
  /** Product analytics; the CSP allows the PostHog host only when a key is set. */
  posthog: { host: string; key: string } | null;
  /** The CRM lifecycle stage id that opens the portal's Home page. */
  homeLifecycleStage: string;
  /** Built standalone portal to serve at `portalBasePath`; null resolves `@client-portal/portal/standalone`. */
  portalDir: string | null;
  /**
   * Where the portal lives on the public origin: '' (the root) or a path such as '/portal'. The
   * standalone portal is served there, and sign-in, sign-out and a missing `returnTo` lead there.
   */
  portalBasePath: string;
  /** The standalone portal's language (BCP 47); null: the portal's default (English). */
  portalLocale: string | null;
  /** The standalone portal's footer links; a missing one keeps the portal's default. */
  portalLinks: { privacyPolicy?: string; website?: string; contact?: string };
  /** The provider's brand in the portal's navigation (PORTAL_BRAND_NAME, PORTAL_BRAND_LOGO_URL). */
  portalBrand: { name?: string; logo?: string };
  /** Vendor systems the host syncs its store from (`client-portal-host sync`); null: not configured. */
  connectors: {
    hubspot: HubspotSettings | null;
    github: GithubSettings | null;
    jira: JiraSettings | null;
    ai: AiToolsSettings | null;
  };
  /**
   * When each configured source syncs through the job queue (jobs/sync-schedule.ts): a five-field
   * cron expression in UTC, or null (SYNC_SCHEDULE_*=off) for manual `sync` runs only.
   */
  syncSchedule: Record<'hubspot' | 'github' | 'jira' | 'ai', string | null>;
  /** The requests tracker (src/requests/). */
  requests: RequestsSettings;
}

/** Default per-file attachment limit (REQUEST_FILE_MAX_MB). */
export const DEFAULT_REQUEST_FILE_MAX_MB = 25;
/** Default limit of one request's files together (REQUEST_FILES_MAX_MB). */
export const DEFAULT_REQUEST_FILES_MAX_MB = 100;
/** When the requests' schedule (check-ins, reminders, auto-resolve, e-mail) runs: every 5 minutes. */
export const DEFAULT_REQUEST_SCHEDULE = '*/5 * * * *';

export type { RequestTypeSpec };

export interface RequestsSettings {
  /** REQUEST_TYPES_FILE (a JSON list of types, src/requests/types.ts), or DEFAULT_REQUEST_TYPES. */
  types: readonly RequestTypeSpec[];
  attachments: {
    /** One file at most (REQUEST_FILE_MAX_MB, default 25 MB). */
    fileBytes: number;
    /** A request's files together at most (REQUEST_FILES_MAX_MB, default 100 MB). */
    requestBytes: number;
    /** ClamAV's clamd (CLAMD_HOST, CLAMD_PORT default 3310), INSTREAM over TCP; null: files are "not scanned". */
    clamd: { host: string; port: number } | null;
  };
  mail: {
    /** SMTP_URL (smtp:// or smtps://, credentials in it); null: messages are kept in the store's outbox (`client-portal-host outbox`). */
    smtpUrl: string | null;
    /** MAIL_FROM. */
    from: string;
  };
  /** REQUEST_WEBHOOK_URL and REQUEST_WEBHOOK_SECRET: a signed POST per request event; null: none. */
  webhook: { url: string; secret: string } | null;
  /** REQUEST_SCHEDULE: cron (UTC) of the requests' jobs, or null (off). */
  schedule: string | null;
}

export interface JiraSettings {
  /** The site (`https://SITE.atlassian.net`) or `https://api.atlassian.com/ex/jira/{cloudId}`. */
  baseUrl: string;
  /** The service account's e-mail and API token (Basic auth); the token is never logged. */
  email: string;
  apiToken: string;
  /** JQL of a project's incidents, `{projectKey}` replaced by its key (JIRA_INCIDENT_JQL). */
  incidentJql: string;
  /** Per project key, a JQL of its own (JIRA_PROJECT_JQL, a JSON object). */
  projectJql: Record<string, string>;
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  basePathValue,
  booleanValue,
  cronValue,
  cookieNameValue,
  httpUrlValue,
  integerValue,
  jqlByProjectValue,
  jqlTemplateValue,
  listValue,
  oneOf,
  originValue,
  parseFrameAncestor,
  parseOrigin,
  postgresUrlValue,
  secretValue,
  signingKeysValue,
  trustProxyValue,
} from './env-values.js';
import { readAiToolsSettings } from '../connectors/ai/settings.js';
import { DEFAULT_REQUEST_TYPES, type RequestTypeSpec, validateRequestTypes } from '../requests/types.js';
import { readGithubSettings } from '../connectors/github/settings.js';
import { readHubspotSettings } from '../connectors/hubspot/settings.js';
import {
  DEFAULT_REQUEST_FILE_MAX_MB,
  DEFAULT_REQUEST_FILES_MAX_MB,
  DEFAULT_REQUEST_SCHEDULE,
  type HostConfig,
  type LogLevel,
} from './host-config.js';

/** Every bad value at once, one message each: fixing a deployment should take one attempt. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

export const DEFAULT_HOME_LIFECYCLE_STAGE = '249503789';
/** Which Jira issues of a project are its incidents; `{projectKey}` is replaced by the project's key. */
export const DEFAULT_INCIDENT_JQL = 'project = "{projectKey}" AND issuetype = Incident';
/**
 * When each configured source syncs (SYNC_SCHEDULE_*; UTC): CRM records and delivery events often,
 * the AI tools once a day (their APIs publish whole days, a day or two late).
 */
export const DEFAULT_SYNC_SCHEDULE = {
  hubspot: '5 * * * *',
  github: '*/15 * * * *',
  jira: '*/15 * * * *',
  ai: '30 4 * * *',
} as const;
const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

interface Variable {
  schema: z.ZodType;
  /** Never echoed in messages (secrets, and URLs that may carry a password). */
  secret?: boolean;
}

const text = z.string();

/** The environment variables the host reads. Unset or empty means "use the default". */
const VARIABLES = {
  PORT: { schema: integerValue(0, 65_535) },
  HOST: { schema: text },
  DATA_DIR: { schema: text },
  DATABASE_URL: { schema: postgresUrlValue, secret: true },
  DATABASE_POOL_MAX: { schema: integerValue(1, 1000) },
  DEMO: { schema: booleanValue },
  LOG_LEVEL: { schema: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) },
  PUBLIC_ORIGIN: { schema: originValue },
  TRUST_PROXY: { schema: trustProxyValue },
  JSON_BODY_LIMIT_BYTES: { schema: integerValue(1024, 10 * 1024 * 1024) },
  FRAME_ANCESTORS: { schema: listValue(parseFrameAncestor, "is not 'self', 'none' or an http(s) origin") },
  SHUTDOWN_TIMEOUT_MS: { schema: integerValue(0, 600_000) },
  RESPONSE_CACHE_MB: { schema: integerValue(0, 4096) },
  STATEMENT_TIMEOUT_MS: { schema: integerValue(100, 600_000) },
  REQUEST_TIMEOUT_MS: { schema: integerValue(100, 600_000) },
  AUTH_MODE: { schema: oneOf(['local', 'oidc']) },
  SESSION_COOKIE_NAME: { schema: cookieNameValue },
  COOKIE_SECURE: { schema: booleanValue },
  SESSION_IDLE_MINUTES: { schema: integerValue(1, 60 * 24 * 30) },
  SESSION_ABSOLUTE_HOURS: { schema: integerValue(1, 24 * 365) },
  SESSION_SECRET: { schema: secretValue, secret: true },
  CORS_ORIGINS: {
    schema: listValue(parseOrigin, 'is not an http(s) origin such as https://www.example.com'),
  },
  OIDC_ISSUER: { schema: httpUrlValue },
  OIDC_CLIENT_ID: { schema: text.trim().min(1) },
  OIDC_CLIENT_SECRET: { schema: text, secret: true },
  OIDC_REDIRECT_URL: { schema: httpUrlValue },
  OIDC_POST_LOGOUT_REDIRECT_URL: { schema: httpUrlValue },
  OIDC_SCOPE: { schema: text.trim().regex(/(^|\s)openid(\s|$)/, { error: 'must include "openid"' }) },
  FILES_DIR: { schema: text },
  FILES_SHARED: { schema: booleanValue },
  S3_BUCKET: {
    schema: text.trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'is not a bucket name' }),
  },
  S3_REGION: {
    schema: text.trim().regex(/^[a-z0-9-]+$/, { error: 'is not a region name such as eu-west-1' }),
  },
  S3_ENDPOINT: { schema: httpUrlValue },
  S3_FORCE_PATH_STYLE: { schema: booleanValue },
  S3_PREFIX: { schema: text.trim().regex(/^[^/].*$/, { error: 'must not start with "/"' }) },
  S3_ACCESS_KEY_ID: { schema: text.trim().min(1) },
  S3_SECRET_ACCESS_KEY: { schema: text.min(1), secret: true },
  SIGNING_KEYS: { schema: signingKeysValue, secret: true },
  SIGNED_URL_TTL_SECONDS: { schema: integerValue(10, 3600) },
  POSTHOG_HOST: { schema: originValue },
  POSTHOG_KEY: { schema: text.trim().regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a PostHog project key' }) },
  HOME_LIFECYCLE_STAGE: { schema: text.trim().min(1).max(100) },
  PORTAL_DIR: { schema: text },
  PORTAL_BASE_PATH: { schema: basePathValue },
  PORTAL_LOCALE: {
    schema: text.trim().regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, {
      error: 'must be a language tag such as en, de or ar',
    }),
  },
  PORTAL_PRIVACY_POLICY_URL: { schema: httpUrlValue },
  PORTAL_WEBSITE_URL: { schema: httpUrlValue },
  PORTAL_CONTACT_URL: { schema: httpUrlValue },
  PORTAL_BRAND_NAME: {
    schema: text
      .trim()
      .min(1)
      .max(80)
      .regex(/^[^\p{Cc}]+$/u, { error: 'must be one line of text' }),
  },
  PORTAL_BRAND_LOGO_URL: { schema: httpUrlValue },
  JIRA_BASE_URL: { schema: httpUrlValue },
  JIRA_EMAIL: { schema: text.trim().regex(/^[^\s@]+@[^\s@]+$/, { error: 'is not an e-mail address' }) },
  JIRA_API_TOKEN: { schema: text.trim().min(1), secret: true },
  JIRA_INCIDENT_JQL: { schema: jqlTemplateValue },
  JIRA_PROJECT_JQL: { schema: jqlByProjectValue },
  SYNC_SCHEDULE_HUBSPOT: { schema: cronValue },
  SYNC_SCHEDULE_GITHUB: { schema: cronValue },
  SYNC_SCHEDULE_JIRA: { schema: cronValue },
  SYNC_SCHEDULE_AI: { schema: cronValue },
  REQUEST_FILE_MAX_MB: { schema: integerValue(1, 4096) },
  REQUEST_FILES_MAX_MB: { schema: integerValue(1, 16_384) },
  CLAMD_HOST: {
    schema: text.trim().regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'is not a host name or address' }),
  },
  CLAMD_PORT: { schema: integerValue(1, 65_535) },
  SMTP_URL: {
    schema: text.trim().regex(/^smtps?:\/\/\S+$/, { error: 'must be an smtp:// or smtps:// URL' }),
    secret: true,
  },
  MAIL_FROM: {
    schema: text
      .trim()
      .min(3)
      .max(320)
      .regex(/^[^\p{Cc}]+$/u, { error: 'must be one line of text' }),
  },
  REQUEST_WEBHOOK_URL: { schema: httpUrlValue },
  REQUEST_WEBHOOK_SECRET: { schema: text.min(16, { error: 'must be at least 16 characters' }), secret: true },
  REQUEST_SCHEDULE: { schema: cronValue },
  REQUEST_TYPES_FILE: { schema: text },
} as const satisfies Record<string, Variable>;

export type ConfigVariable = keyof typeof VARIABLES;
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as ConfigVariable[];

type Parsed = { -readonly [K in ConfigVariable]?: z.output<(typeof VARIABLES)[K]['schema']> };

function parseVariables(env: Record<string, string | undefined>, problems: string[]): Parsed {
  const parsed: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(VARIABLES) as [ConfigVariable, Variable][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const result = variable.schema.safeParse(raw);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    const message = result.error.issues[0]?.message ?? 'is invalid';
    const got = variable.secret ? '' : ` (got "${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}")`;
    problems.push(`${name} ${message.replace(/^Invalid input: /, '')}${got}`);
  }
  return parsed as Parsed;
}

export interface LoadConfigOptions {
  /** Relative DATA_DIR / FILES_DIR / PORTAL_DIR are resolved against this; default process.cwd(). */
  cwd?: string;
}

/**
 * Reads and validates the host's configuration. With an empty environment the host runs on the
 * embedded store in ./.data, port 3000, local sign-in and demo data. Throws a ConfigError listing
 * one message per bad value.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): HostConfig {
  const problems: string[] = [];
  const v = parseVariables(env, problems);
  const cwd = options.cwd ?? process.cwd();
  const path = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const need = (name: ConfigVariable, when: string) => {
    if (v[name] === undefined && !problems.some((p) => p.startsWith(`${name} `))) {
      problems.push(`${name} is required ${when}`);
    }
  };

  const port = v.PORT ?? 3000;
  const dataDir = path(v.DATA_DIR ?? '.data');
  const publicOrigin = v.PUBLIC_ORIGIN ?? `http://localhost:${port === 0 ? 3000 : port}`;
  const mode = v.AUTH_MODE ?? 'local';

  if (mode === 'oidc') {
    need('OIDC_ISSUER', 'when AUTH_MODE is oidc');
    need('OIDC_CLIENT_ID', 'when AUTH_MODE is oidc');
  }
  if ((v.S3_ACCESS_KEY_ID === undefined) !== (v.S3_SECRET_ACCESS_KEY === undefined)) {
    need('S3_ACCESS_KEY_ID', 'together with S3_SECRET_ACCESS_KEY');
    need('S3_SECRET_ACCESS_KEY', 'together with S3_ACCESS_KEY_ID');
  }
  const s3Options = [
    'S3_REGION',
    'S3_ENDPOINT',
    'S3_PREFIX',
    'S3_ACCESS_KEY_ID',
    'S3_FORCE_PATH_STYLE',
  ] as const;
  if (s3Options.some((name) => v[name] !== undefined)) need('S3_BUCKET', 'when other S3_* options are set');

  const requestTypes = readRequestTypes(v.REQUEST_TYPES_FILE ? path(v.REQUEST_TYPES_FILE) : null, problems);

  // A request's statements must be able to time out before the request's own deadline does.
  const statementTimeoutMs = v.STATEMENT_TIMEOUT_MS ?? 10_000;
  const requestTimeoutMs = v.REQUEST_TIMEOUT_MS ?? 15_000;
  if (statementTimeoutMs >= requestTimeoutMs) {
    problems.push(
      `STATEMENT_TIMEOUT_MS (${statementTimeoutMs}) must be less than REQUEST_TIMEOUT_MS (${requestTimeoutMs}).`,
    );
  }

  const jiraOptions = ['JIRA_EMAIL', 'JIRA_API_TOKEN', 'JIRA_INCIDENT_JQL', 'JIRA_PROJECT_JQL'] as const;
  if (v.JIRA_BASE_URL !== undefined) {
    need('JIRA_EMAIL', 'when JIRA_BASE_URL is set');
    need('JIRA_API_TOKEN', 'when JIRA_BASE_URL is set');
  } else if (jiraOptions.some((name) => v[name] !== undefined)) {
    need('JIRA_BASE_URL', 'when other JIRA_* options are set');
  }

  // The connectors read their own variables (connectors/*/settings.ts).
  const hubspot = readHubspotSettings(env);
  const github = readGithubSettings(env);
  const ai = readAiToolsSettings(env);
  problems.push(...hubspot.problems, ...github.problems, ...ai.problems);

  if (problems.length > 0) throw new ConfigError(problems);

  const prefix = v.S3_PREFIX ?? '';
  return {
    port,
    host: v.HOST?.trim() || null,
    dataDir,
    store: v.DATABASE_URL
      ? { kind: 'postgres', url: v.DATABASE_URL, poolMax: v.DATABASE_POOL_MAX ?? 10, statementTimeoutMs }
      : { kind: 'pglite', dataDir: join(dataDir, 'pgdata'), statementTimeoutMs },
    demo: v.DEMO ?? !v.DATABASE_URL,
    logLevel: (v.LOG_LEVEL ?? 'info') as LogLevel,
    http: {
      publicOrigin,
      publicOriginConfigured: v.PUBLIC_ORIGIN !== undefined,
      trustProxy: v.TRUST_PROXY ?? false,
      jsonBodyLimitBytes: v.JSON_BODY_LIMIT_BYTES ?? 64 * 1024,
      frameAncestors: v.FRAME_ANCESTORS?.length ? v.FRAME_ANCESTORS : ["'self'"],
      shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS ?? 10_000,
      responseCacheBytes: (v.RESPONSE_CACHE_MB ?? 32) * 1024 * 1024,
      requestTimeoutMs,
    },
    auth: {
      mode,
      cookieName: v.SESSION_COOKIE_NAME ?? 'portal_session',
      cookieSecure: v.COOKIE_SECURE ?? null,
      sessionIdleMinutes: v.SESSION_IDLE_MINUTES ?? 60,
      sessionAbsoluteHours: v.SESSION_ABSOLUTE_HOURS ?? 12,
      sessionSecret: v.SESSION_SECRET ?? null,
      corsOrigins: v.CORS_ORIGINS ?? [],
      oidc:
        mode === 'oidc' && v.OIDC_ISSUER && v.OIDC_CLIENT_ID
          ? {
              issuer: v.OIDC_ISSUER,
              clientId: v.OIDC_CLIENT_ID,
              clientSecret: v.OIDC_CLIENT_SECRET ?? null,
              redirectUrl: v.OIDC_REDIRECT_URL ?? `${publicOrigin}/api/auth/callback`,
              postLogoutRedirectUrl: v.OIDC_POST_LOGOUT_REDIRECT_URL ?? null,
              scope: v.OIDC_SCOPE ?? 'openid email profile',
            }
          : null,
    },
    documents: {
      storage: v.S3_BUCKET ? 's3' : 'disk',
      filesDir: v.FILES_DIR ? path(v.FILES_DIR) : join(dataDir, 'files'),
      filesShared: v.FILES_SHARED ?? false,
      s3: v.S3_BUCKET
        ? {
            bucket: v.S3_BUCKET,
            region: v.S3_REGION ?? 'us-east-1',
            endpoint: v.S3_ENDPOINT ?? null,
            forcePathStyle: v.S3_FORCE_PATH_STYLE ?? false,
            prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
            credentials:
              v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
                : null,
          }
        : null,
      // Without SIGNING_KEYS a per-process key works for one instance; links die on restart.
      signingKeys: v.SIGNING_KEYS ?? [{ kid: 'ephemeral', secret: randomBytes(32).toString('base64url') }],
      signingKeysEphemeral: v.SIGNING_KEYS === undefined,
      signedUrlTtlSeconds: v.SIGNED_URL_TTL_SECONDS ?? 300,
    },
    posthog: v.POSTHOG_KEY ? { host: v.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST, key: v.POSTHOG_KEY } : null,
    homeLifecycleStage: v.HOME_LIFECYCLE_STAGE ?? DEFAULT_HOME_LIFECYCLE_STAGE,
    portalDir: v.PORTAL_DIR ? path(v.PORTAL_DIR) : null,
    portalBasePath: v.PORTAL_BASE_PATH ?? '',
    portalLocale: v.PORTAL_LOCALE ?? null,
    portalLinks: {
      ...(v.PORTAL_PRIVACY_POLICY_URL ? { privacyPolicy: v.PORTAL_PRIVACY_POLICY_URL } : {}),
      ...(v.PORTAL_WEBSITE_URL ? { website: v.PORTAL_WEBSITE_URL } : {}),
      ...(v.PORTAL_CONTACT_URL ? { contact: v.PORTAL_CONTACT_URL } : {}),
    },
    portalBrand: {
      ...(v.PORTAL_BRAND_NAME ? { name: v.PORTAL_BRAND_NAME } : {}),
      ...(v.PORTAL_BRAND_LOGO_URL ? { logo: v.PORTAL_BRAND_LOGO_URL } : {}),
    },
    requests: {
      types: requestTypes,
      attachments: {
        fileBytes: (v.REQUEST_FILE_MAX_MB ?? DEFAULT_REQUEST_FILE_MAX_MB) * 1024 * 1024,
        requestBytes: (v.REQUEST_FILES_MAX_MB ?? DEFAULT_REQUEST_FILES_MAX_MB) * 1024 * 1024,
        clamd: v.CLAMD_HOST ? { host: v.CLAMD_HOST, port: v.CLAMD_PORT ?? 3310 } : null,
      },
      mail: {
        smtpUrl: v.SMTP_URL ?? null,
        from: v.MAIL_FROM ?? 'Client Portal <portal@localhost>',
      },
      webhook:
        v.REQUEST_WEBHOOK_URL && v.REQUEST_WEBHOOK_SECRET
          ? { url: v.REQUEST_WEBHOOK_URL, secret: v.REQUEST_WEBHOOK_SECRET }
          : null,
      schedule: v.REQUEST_SCHEDULE === undefined ? DEFAULT_REQUEST_SCHEDULE : v.REQUEST_SCHEDULE,
    },
    syncSchedule: {
      hubspot:
        v.SYNC_SCHEDULE_HUBSPOT === undefined ? DEFAULT_SYNC_SCHEDULE.hubspot : v.SYNC_SCHEDULE_HUBSPOT,
      github: v.SYNC_SCHEDULE_GITHUB === undefined ? DEFAULT_SYNC_SCHEDULE.github : v.SYNC_SCHEDULE_GITHUB,
      jira: v.SYNC_SCHEDULE_JIRA === undefined ? DEFAULT_SYNC_SCHEDULE.jira : v.SYNC_SCHEDULE_JIRA,
      ai: v.SYNC_SCHEDULE_AI === undefined ? DEFAULT_SYNC_SCHEDULE.ai : v.SYNC_SCHEDULE_AI,
    },
    connectors: {
      hubspot: hubspot.settings,
      github: github.settings,
      ai: ai.settings,
      jira:
        v.JIRA_BASE_URL && v.JIRA_EMAIL && v.JIRA_API_TOKEN
          ? {
              baseUrl: v.JIRA_BASE_URL.replace(/\/+$/, ''),
              email: v.JIRA_EMAIL,
              apiToken: v.JIRA_API_TOKEN,
              incidentJql: v.JIRA_INCIDENT_JQL ?? DEFAULT_INCIDENT_JQL,
              projectJql: v.JIRA_PROJECT_JQL ?? {},
            }
          : null,
    },
  };
}

/**
 * The request types: REQUEST_TYPES_FILE (a JSON list, checked whole by validateRequestTypes: one
 * mistake refuses the start, so a typo never silently drops a type), or the defaults.
 */
function readRequestTypes(file: string | null, problems: string[]): readonly RequestTypeSpec[] {
  if (!file) return DEFAULT_REQUEST_TYPES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`REQUEST_TYPES_FILE cannot be read as JSON (${(error as Error).message}).`);
    return DEFAULT_REQUEST_TYPES;
  }
  const checked = validateRequestTypes(parsed);
  if (!checked.ok) {
    problems.push(`REQUEST_TYPES_FILE ${file}: ${checked.errors.join(' ')}`);
    return DEFAULT_REQUEST_TYPES;
  }
  const ids = new Set(checked.value.map((t) => t.id));
  // The schedule opens these; a deployment's list must keep them.
  for (const required of ['renewal_check_in', 'review']) {
    if (!ids.has(required))
      problems.push(`REQUEST_TYPES_FILE must keep the type "${required}" (the schedule opens it).`);
  }
  return checked.value;
}

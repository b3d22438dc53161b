import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SYNC_SCHEDULE, loadConfig } from './index.js';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env, { cwd: '/srv/portal' });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('runs with no configuration at all: embedded store in ./.data, port 3000, local sign-in, demo data', () => {
    const config = loadConfig({}, { cwd: '/srv/portal' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/portal/.data');
    expect(config.store).toEqual({
      kind: 'pglite',
      dataDir: '/srv/portal/.data/pgdata',
      statementTimeoutMs: 10_000,
    });
    expect(config.demo).toBe(true);
    expect(config.auth.mode).toBe('local');
    expect(config.auth.oidc).toBeNull();
    expect(config.http.publicOrigin).toBe('http://localhost:3000');
    expect(config.http.jsonBodyLimitBytes).toBe(65_536);
    expect(config.documents).toMatchObject({
      storage: 'disk',
      filesDir: '/srv/portal/.data/files',
      signedUrlTtlSeconds: 300,
      signingKeysEphemeral: true,
    });
    expect(config.documents.signingKeys).toHaveLength(1);
    expect(config.posthog).toBeNull();
    expect(config.homeLifecycleStage).toBe('249503789');
  });

  it('uses PostgreSQL when DATABASE_URL is set, without demo data unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/portal', DATABASE_POOL_MAX: '20' });
    expect(config.store).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/portal',
      poolMax: 20,
      statementTimeoutMs: 10_000,
    });
    expect(config.demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/portal', DEMO: 'yes' }).demo).toBe(true);
  });

  it('reads every documented setting', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/portal',
        PUBLIC_ORIGIN: 'https://portal.example.com/',
        TRUST_PROXY: '1',
        CORS_ORIGINS: 'https://www.example.com, https://shop.example.com',
        FRAME_ANCESTORS: "'self', https://www.example.com",
        AUTH_MODE: 'OIDC',
        OIDC_ISSUER: 'https://id.example.com/',
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'shh',
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_HOURS: '8',
        SESSION_SECRET: 'x'.repeat(40),
        SESSION_COOKIE_NAME: '__Host-portal',
        RESPONSE_CACHE_MB: '8',
        S3_BUCKET: 'portal-docs',
        S3_REGION: 'eu-west-1',
        S3_PREFIX: 'customers',
        SIGNING_KEYS: `k2:${'a'.repeat(32)},k1:${'b'.repeat(32)}`,
        SIGNED_URL_TTL_SECONDS: '120',
        POSTHOG_KEY: 'phc_abc123',
        HOME_LIFECYCLE_STAGE: 'customer',
      },
      { cwd: '/srv' },
    );
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(resolve('/srv', 'var/portal'));
    expect(config.http).toMatchObject({
      publicOrigin: 'https://portal.example.com',
      publicOriginConfigured: true,
      trustProxy: 1,
      frameAncestors: ["'self'", 'https://www.example.com'],
      responseCacheBytes: 8 * 1024 * 1024,
    });
    expect(config.auth).toMatchObject({
      mode: 'oidc',
      cookieName: '__Host-portal',
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 8,
      corsOrigins: ['https://www.example.com', 'https://shop.example.com'],
      oidc: {
        issuer: 'https://id.example.com/',
        clientId: 'portal',
        clientSecret: 'shh',
        redirectUrl: 'https://portal.example.com/api/auth/callback',
        scope: 'openid email profile',
      },
    });
    expect(config.documents).toMatchObject({
      storage: 's3',
      s3: { bucket: 'portal-docs', region: 'eu-west-1', prefix: 'customers/', credentials: null },
      signingKeys: [
        { kid: 'k2', secret: 'a'.repeat(32) },
        { kid: 'k1', secret: 'b'.repeat(32) },
      ],
      signingKeysEphemeral: false,
      signedUrlTtlSeconds: 120,
    });
    expect(config.posthog).toEqual({ host: 'https://us.i.posthog.com', key: 'phc_abc123' });
    expect(config.homeLifecycleStage).toBe('customer');
  });

  it('reads TRUST_PROXY as Express does: hops, true/false or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).http.trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it('reads each source’s sync schedule: a cron expression in UTC, "off", or the default', () => {
    expect(loadConfig({}).syncSchedule).toEqual(DEFAULT_SYNC_SCHEDULE);
    const config = loadConfig({ SYNC_SCHEDULE_JIRA: ' 0  */2 * * 1-5 ', SYNC_SCHEDULE_AI: 'OFF' });
    expect(config.syncSchedule).toMatchObject({ jira: '0 */2 * * 1-5', ai: null, hubspot: '5 * * * *' });
    expect(problemsOf({ SYNC_SCHEDULE_GITHUB: 'hourly', SYNC_SCHEDULE_HUBSPOT: '61 * * * *' })).toEqual([
      'SYNC_SCHEDULE_HUBSPOT is not a cron expression (Constraint error, got value 61 expected range 0-59) (got "61 * * * *")',
      'SYNC_SCHEDULE_GITHUB must be five cron fields (minute hour day month weekday), e.g. "*/15 * * * *", or "off" (got "hourly")',
    ]);
  });

  it('reads the requests settings: limits, clamd, mail, webhook, schedule and request types from a file', () => {
    const defaults = loadConfig({}).requests;
    expect(defaults.attachments).toEqual({
      fileBytes: 25 * 1024 * 1024,
      requestBytes: 100 * 1024 * 1024,
      clamd: null,
    });
    expect(defaults.mail.smtpUrl).toBeNull();
    expect(defaults.webhook).toBeNull();
    expect(defaults.types.map((t) => t.id)).toContain('renewal_check_in');
    const dir = mkdtempSync(join(tmpdir(), 'request-types-'));
    const file = join(dir, 'types.json');
    const type = (id: string, hostOnly = false) => ({ id, label: id, hostOnly, fields: [] });
    writeFileSync(
      file,
      JSON.stringify([
        {
          ...type('question'),
          fields: [
            { name: 'area', label: 'Area', kind: 'select', required: true, options: ['billing', 'delivery'] },
          ],
        },
        type('renewal_check_in', true),
        type('review', true),
      ]),
    );
    const configured = loadConfig({
      REQUEST_TYPES_FILE: file,
      CLAMD_HOST: 'clamav.internal',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      REQUEST_WEBHOOK_URL: 'https://desk.example/hooks/portal',
      REQUEST_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
      REQUEST_FILE_MAX_MB: '10',
    }).requests;
    expect(configured.types.map((t) => t.id)).toEqual(['question', 'renewal_check_in', 'review']);
    expect(configured.types[0]?.fields[0]?.options).toEqual(['billing', 'delivery']);
    expect(configured.attachments.clamd).toEqual({ host: 'clamav.internal', port: 3310 });
    expect(configured.attachments.fileBytes).toBe(10 * 1024 * 1024);
    expect(configured.mail.smtpUrl).toBe('smtp://user:pass@mail.example:587');
    expect(configured.webhook?.url).toBe('https://desk.example/hooks/portal');
    // One mistake refuses the start, naming it; the schedule's types must stay.
    writeFileSync(
      file,
      JSON.stringify([
        { ...type('question'), fields: [{ name: 'Bad Name', label: 'x', kind: 'text', required: false }] },
      ]),
    );
    expect(() => loadConfig({ REQUEST_TYPES_FILE: file })).toThrow(
      /REQUEST_TYPES_FILE[\s\S]*renewal_check_in|REQUEST_TYPES_FILE/,
    );
    writeFileSync(file, '{not json');
    expect(() => loadConfig({ REQUEST_TYPES_FILE: file })).toThrow(
      /REQUEST_TYPES_FILE cannot be read as JSON/,
    );
    writeFileSync(file, JSON.stringify([type('question')]));
    expect(() => loadConfig({ REQUEST_TYPES_FILE: file })).toThrow(/must keep the type "renewal_check_in"/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).store.kind).toBe('pglite');
  });

  it('collects one message per bad value, naming the variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/portal',
      AUTH_MODE: 'saml',
      SESSION_IDLE_MINUTES: '0',
      CORS_ORIGINS: 'https://ok.example, not-an-origin',
      SIGNING_KEYS: 'k1:short',
      SIGNED_URL_TTL_SECONDS: '86400',
      RESPONSE_CACHE_MB: '-1',
      PUBLIC_ORIGIN: 'https://portal.example.com/app',
      TRUST_PROXY: 'true',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
      'PUBLIC_ORIGIN must be an http(s) origin such as https://portal.example.com (got "https://portal.example.com/app")',
      'RESPONSE_CACHE_MB must be a whole number from 0 to 4096 (got "-1")',
      'AUTH_MODE must be one of: local, oidc (got "saml")',
      'SESSION_IDLE_MINUTES must be a whole number from 1 to 43200 (got "0")',
      'CORS_ORIGINS "not-an-origin" is not an http(s) origin such as https://www.example.com (got "https://ok.example, not-an-origin")',
      'SIGNING_KEYS the secret of key "k1" must be at least 32 characters',
      'SIGNED_URL_TTL_SECONDS must be a whole number from 10 to 3600 (got "86400")',
    ]);
  });

  it('never prints secrets in messages', () => {
    const message = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db', SESSION_SECRET: 'tooshort' }).join(
      '\n',
    );
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('tooshort');
    expect(message).toContain('SESSION_SECRET must be at least 32 characters');
  });

  it('checks settings that need each other', () => {
    expect(problemsOf({ AUTH_MODE: 'oidc' })).toEqual([
      'OIDC_ISSUER is required when AUTH_MODE is oidc',
      'OIDC_CLIENT_ID is required when AUTH_MODE is oidc',
    ]);
    expect(problemsOf({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      'S3_SECRET_ACCESS_KEY is required together with S3_ACCESS_KEY_ID',
    ]);
    expect(problemsOf({ S3_REGION: 'eu-west-1' })).toEqual([
      'S3_BUCKET is required when other S3_* options are set',
    ]);
  });

  it('throws a ConfigError whose message lists every problem', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(
      'Invalid configuration:\n- PORT must be a whole number from 0 to 65535 (got "-1")\n- LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });
});

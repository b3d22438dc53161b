import cronParser from 'cron-parser';
import { z } from 'zod';
import { isBasePath } from '../auth/config.js';

// Zod parsers for single environment values. Each turns the raw string into a typed value or fails
// with one sentence that says what a good value looks like.

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export const booleanValue = z.string().transform((value, ctx) => {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false (also 1/0, yes/no, on/off)' });
  return z.NEVER;
});

export const integerValue = (min: number, max: number) =>
  z.string().transform((value, ctx) => {
    const v = value.trim();
    const n = /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
    return z.NEVER;
  });

/** `scheme://host[:port]` with no path, query or credentials: what browsers send as `Origin`. */
export function parseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    if (url.pathname !== '/' && url.pathname !== '') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const originValue = z.string().transform((value, ctx) => {
  const origin = parseOrigin(value);
  if (origin) return origin;
  ctx.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://portal.example.com' });
  return z.NEVER;
});

export const httpUrlValue = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // answered below
  }
  ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL' });
  return z.NEVER;
});

export const postgresUrlValue = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') return value.trim();
  } catch {
    // answered below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a postgres:// or postgresql:// connection URL' });
  return z.NEVER;
});

/** Comma-separated list; empty items are dropped. */
export const listValue = <T>(item: (entry: string) => T | null, expected: string) =>
  z.string().transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const out: T[] = [];
    for (const entry of entries) {
      const parsed = item(entry);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" ${expected}` });
        return z.NEVER;
      }
      out.push(parsed);
    }
    return out;
  });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(values, { error: `must be one of: ${values.join(', ')}` }));

/**
 * Express's `trust proxy`: a hop count ("1": one proxy in front), true/false, or addresses,
 * subnets and names ("loopback, 10.0.0.0/8").
 */
export const trustProxyValue = z.string().transform((value): boolean | number | string => {
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === 'yes' || v === 'on') return true;
  if (v === 'false' || v === 'no' || v === 'off') return false;
  return v;
});

export interface SigningKey {
  /** Key id carried in signed URLs so keys can rotate: the first key signs, all verify. */
  kid: string;
  secret: string;
}

export const MIN_SECRET_LENGTH = 32;

/** `kid:secret[,kid:secret…]`; secrets never appear in messages. */
export const signingKeysValue = z.string().transform((value, ctx) => {
  const keys: SigningKey[] = [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const kid = colon > 0 ? entry.slice(0, colon) : '';
    const secret = colon > 0 ? entry.slice(colon + 1) : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid)) {
      ctx.addIssue({
        code: 'custom',
        message: `entry ${index + 1} needs a key id (letters, digits, _ or -)`,
      });
      return z.NEVER;
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `the secret of key "${kid}" must be at least ${MIN_SECRET_LENGTH} characters`,
      });
      return z.NEVER;
    }
    if (keys.some((key) => key.kid === kid)) {
      ctx.addIssue({ code: 'custom', message: `key id "${kid}" appears twice` });
      return z.NEVER;
    }
    keys.push({ kid, secret });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must list at least one kid:secret pair' });
    return z.NEVER;
  }
  return keys;
});

export const secretValue = z
  .string()
  .min(MIN_SECRET_LENGTH, { error: `must be at least ${MIN_SECRET_LENGTH} characters` });

/** A cookie name as RFC 6265 allows (a token). */
export const cookieNameValue = z
  .string()
  .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, { error: 'must be a cookie name (letters, digits, -, _)' });

/** A CSP `frame-ancestors` source: 'self', 'none' or an http(s) origin. */
export function parseFrameAncestor(entry: string): string | null {
  const v = entry.replace(/^'|'$/g, '').toLowerCase();
  if (v === 'self' || v === 'none') return `'${v}'`;
  return parseOrigin(entry);
}

/**
 * Where the portal is mounted: "/portal" (leading "/", no trailing "/", no query); "" or "/" mean the
 * root and give ''.
 */
export const basePathValue = z.string().transform((value, ctx) => {
  const v = value.trim().replace(/\/+$/, '');
  if (v === '') return '';
  if (isBasePath(v)) return v;
  ctx.addIssue({ code: 'custom', message: 'must be a path such as /portal (or / for the root)' });
  return z.NEVER;
});

/** JQL is one line of text; a stray control character is a paste gone wrong. */
const JQL_MAX = 2000;
function jqlProblem(value: string): string | null {
  if (value.length > JQL_MAX) return `is longer than ${JQL_MAX} characters`;
  if (/[\p{Cc}]/u.test(value)) return 'must be one line of JQL';
  return null;
}

/** JIRA_INCIDENT_JQL: JQL naming the project as `{projectKey}`, without an ORDER BY (the sync adds its own). */
export const jqlTemplateValue = z.string().transform((value, ctx) => {
  const jql = value.trim();
  const problem =
    jqlProblem(jql) ??
    (!jql.includes('{projectKey}') ? 'must name the project as {projectKey}' : null) ??
    (/\border\s+by\b/i.test(jql) ? 'must not have an ORDER BY (the sync orders by "updated")' : null);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return jql;
});

/**
 * SYNC_SCHEDULE_*: a five-field cron expression (UTC, minute resolution, as the job queue reads it),
 * or "off".
 */
export const cronValue = z.string().transform((value, ctx) => {
  const cron = value.trim().replace(/\s+/g, ' ');
  if (cron.toLowerCase() === 'off') return null;
  const problem =
    cron.split(' ').length !== 5
      ? 'must be five cron fields (minute hour day month weekday), e.g. "*/15 * * * *", or "off"'
      : (() => {
          try {
            cronParser.parseExpression(cron, { tz: 'UTC' });
            return null;
          } catch (error) {
            return `is not a cron expression (${error instanceof Error ? error.message : String(error)})`;
          }
        })();
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return cron;
});

/** JIRA_PROJECT_JQL: a JSON object of project key → that project's incident JQL (no ORDER BY). */
export const jqlByProjectValue = z.string().transform((value, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'is not JSON, e.g. {"ACME": "project = ACME AND labels = incident"}',
    });
    return z.NEVER;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of project key to JQL' });
    return z.NEVER;
  }
  const out: Record<string, string> = {};
  for (const [key, jql] of Object.entries(parsed)) {
    const problem =
      typeof jql !== 'string' || !jql.trim()
        ? 'is not a JQL string'
        : (jqlProblem(jql.trim()) ??
          (/\border\s+by\b/i.test(jql) ? 'must not have an ORDER BY (the sync orders by "updated")' : null));
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(key) || problem) {
      ctx.addIssue({
        code: 'custom',
        message: `has a bad entry for "${key.slice(0, 40)}": ${problem ?? 'not a project key'}`,
      });
      return z.NEVER;
    }
    out[key] = (jql as string).trim();
  }
  return out;
});

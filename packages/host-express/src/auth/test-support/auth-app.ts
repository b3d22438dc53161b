import { randomBytes, scryptSync } from 'node:crypto';
import express, { type Express } from 'express';
import type { Insertable, Kysely } from 'kysely';
import type { Response as TestResponse } from 'supertest';
import { type AuthConfig, authConfig } from '../config.js';
import type { AuthLogger } from '../context.js';
import { createAuth, type PortalAuth } from '../index.js';
import type { Database } from '../../store/schema.js';

export const PUBLIC_ORIGIN = 'https://portal.example';
export const EMBEDDING_ORIGIN = 'https://www.example';
export const PASSWORD = 'demo-password';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const USERS = {
  acme: 'u-acme',
  globex: 'u-globex',
  disabled: 'u-disabled',
  staff: 'u-staff',
  ssoOnly: 'u-sso',
} as const;

/** A controllable clock: tests move it to cross idle and absolute expiry and rate-limit windows. */
export class TestClock {
  constructor(public current = new Date('2030-01-01T09:00:00Z')) {}
  now = () => this.current;
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Keeps what auth logged, so tests can tell why a request was refused. */
export class RecordingLogger implements AuthLogger {
  readonly entries: { level: string; obj: object; msg?: string | undefined }[] = [];
  info(obj: object, msg?: string) {
    this.entries.push({ level: 'info', obj, msg });
  }
  warn(obj: object, msg?: string) {
    this.entries.push({ level: 'warn', obj, msg });
  }
  error(obj: object, msg?: string) {
    this.entries.push({ level: 'error', obj, msg });
  }
  /** The `reason` of each entry that gave one. */
  reasons(): string[] {
    return this.entries.flatMap(({ obj }) =>
      'reason' in obj && typeof obj.reason === 'string' ? [obj.reason] : [],
    );
  }
}

/**
 * A valid stored hash with a low scrypt cost: hashes carry their parameters, so verifyPassword
 * accepts it, and the tests' many sign-ins stay fast (the store's own cost is ~0.3 s per check).
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

const passwordHash = cheapHash(PASSWORD);

/** Two companies with a customer each, a disabled customer, a staff member and an SSO-only account. */
export async function seedAccounts(db: Kysely<Database>): Promise<void> {
  const hash = passwordHash;
  await db
    .insertInto('companies')
    .values([
      { id: 'acme', name: 'Acme' },
      { id: 'globex', name: 'Globex' },
    ])
    .execute();
  await db
    .insertInto('contacts')
    .values([
      { id: 'c-acme', company_id: 'acme' },
      { id: 'c-globex', company_id: 'globex' },
    ])
    .execute();
  const user = (
    id: string,
    email: string,
    extra: Partial<Insertable<Database['users']>> = {},
  ): Insertable<Database['users']> => ({
    id,
    email,
    password_hash: hash,
    display_name: email.split('@')[0]!,
    role: 'customer' as const,
    company_id: null,
    contact_id: null,
    oidc_subject: null,
    disabled_at: null,
    ...extra,
  });
  await db
    .insertInto('users')
    .values([
      user(USERS.acme, 'demo@acme.example', { company_id: 'acme', contact_id: 'c-acme' }),
      user(USERS.globex, 'demo@globex.example', { contact_id: 'c-globex' }),
      user(USERS.disabled, 'gone@acme.example', {
        company_id: 'acme',
        disabled_at: new Date('2029-01-01T00:00:00Z'),
      }),
      user(USERS.staff, 'staff@provider.example', { role: 'staff' }),
      user(USERS.ssoOnly, 'sso@acme.example', { company_id: 'acme', password_hash: null }),
    ])
    .execute();
}

export interface AuthTestApp {
  app: Express;
  auth: PortalAuth;
  config: AuthConfig;
}

/** A minimal host: CORS → loadSession → CSRF guard → routes, as createPortalHost's app mounts them. */
export function buildAuthApp(
  db: Kysely<Database>,
  clock: TestClock,
  overrides: Partial<AuthConfig> = {},
  configure?: (app: Express) => void,
  logger: AuthLogger = new RecordingLogger(),
): AuthTestApp {
  const config = authConfig({ publicOrigin: PUBLIC_ORIGIN, corsOrigins: [EMBEDDING_ORIGIN], ...overrides });
  const auth = createAuth({ db, config, logger, now: clock.now });
  const app = express();
  configure?.(app);
  app.use('/api', auth.cors);
  app.use(auth.loadSession);
  app.use('/api', auth.requireSameOrigin);
  app.use('/api/auth', auth.router);
  app.get('/api/whoami', auth.requireSession, (req, res) => {
    res.json(req.identity);
  });
  app.post('/api/whoami', auth.requireSession, (req, res) => {
    res.json(req.identity);
  });
  return { app, auth, config };
}

/** The Set-Cookie line for `name`, if the response set one. */
export function setCookieLine(res: TestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** The session token a response set (empty string when it cleared the cookie). */
export function sessionTokenOf(res: TestResponse, name = 'portal_session'): string | undefined {
  const line = setCookieLine(res, name);
  return line?.slice(name.length + 1).split(';', 1)[0];
}

/** Headers of a same-origin fetch from the portal page. */
export const SAME_ORIGIN = { Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin' } as const;

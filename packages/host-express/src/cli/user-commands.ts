import { randomUUID } from 'node:crypto';
import type { HostConfig } from '../config/index.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { hashPassword, migrateToLatest, type Store } from '../store/index.js';
import { CliError, type CliIo, say } from './io.js';
import { readPassword } from './password-prompt.js';
import { withStore } from './store-commands.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 8;

export interface AddUserInput {
  email: string;
  name: string;
  role: 'customer' | 'staff';
  /** Company id; required for customers. */
  company?: string | undefined;
  /** CRM contact id of a customer (must belong to the company). */
  contact?: string | undefined;
  /** Read from the terminal or stdin when left out. */
  password?: string | undefined;
}

function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new CliError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > 1024) throw new CliError('The password is too long (at most 1024 characters).');
  return password;
}

async function passwordOf(io: CliIo, given: string | undefined): Promise<string> {
  if (given !== undefined) return checkPassword(given);
  try {
    return checkPassword(await readPassword(io, 'Password: '));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

async function knownCompanies(store: Store): Promise<string> {
  const rows = await store.db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
  return rows.length ? rows.map((c) => `${c.id} (${c.name})`).join(', ') : 'none yet';
}

/** `client-portal-host user add`: a local-sign-in account. Returns the new user's id. */
export async function addUser(config: HostConfig, io: CliIo, input: AddUserInput): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new CliError(`"${input.email}" is not an email address.`, 2);
  const name = input.name.trim();
  if (!name) throw new CliError('--name must not be empty.', 2);
  if (input.role === 'customer' && !input.company)
    throw new CliError('A customer needs --company <company id>.', 2);
  if (input.role === 'staff' && (input.company || input.contact)) {
    throw new CliError(
      'Staff accounts belong to no company (they choose one after signing in): leave out --company and --contact.',
      2,
    );
  }

  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const company = input.company
      ? await store.db
          .selectFrom('companies')
          .select(['id', 'name'])
          .where('id', '=', input.company)
          .executeTakeFirst()
      : undefined;
    if (input.company && !company) {
      throw new CliError(
        `There is no company "${input.company}". Known companies: ${await knownCompanies(store)}.`,
      );
    }
    if (input.contact) {
      const contact = await store.db
        .selectFrom('contacts')
        .select('id')
        .where('id', '=', input.contact)
        .where('company_id', '=', input.company ?? '')
        .executeTakeFirst();
      if (!contact) throw new CliError(`Company "${input.company}" has no contact "${input.contact}".`);
    }
    const existing = await store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing) throw new CliError(`A user with the email ${email} already exists.`);

    const passwordHash = await hashPassword(await passwordOf(io, input.password));
    const id = `u-${randomUUID()}`;
    await store.db
      .insertInto('users')
      .values({
        id,
        email,
        password_hash: passwordHash,
        display_name: name,
        role: input.role,
        company_id: company?.id ?? null,
        contact_id: input.contact ?? null,
        oidc_subject: null,
        disabled_at: null,
      })
      .execute();
    say(io, `Added ${input.role} ${email}${company ? ` of ${company.name}` : ''}.`);
    return id;
  });
}

/** `client-portal-host user reset-password`: a new password, and every session of the user signed out. */
export async function resetPassword(
  config: HostConfig,
  io: CliIo,
  input: { email: string; password?: string | undefined },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const user = await store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) throw new CliError(`There is no user with the email ${email}.`);
    const passwordHash = await hashPassword(await passwordOf(io, input.password));
    const revoked = await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      // The CLI is its own process: a running host's session cache (auth/session-cache.ts) still
      // serves these sessions for at most SESSION_CACHE_TTL_MS.
      return revokeUserSessions(trx, user.id, new Date(), store.db);
    });
    say(io, `Password reset for ${email}; ${revoked} session${revoked === 1 ? '' : 's'} signed out.`);
  });
}

/**
 * `client-portal-host user admin`: makes a customer their company's admin (sees every request of
 * the company, approves changes of scope or hours, reads the history, exports), or with `revoke`
 * a member again. A company may have several admins. Takes effect on the user's next request.
 */
export async function setCompanyAdmin(
  config: HostConfig,
  io: CliIo,
  input: { email: string; revoke?: boolean | undefined },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new CliError(`"${input.email}" is not an email address.`, 2);
  const admin = input.revoke !== true;
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const user = await store.db
      .selectFrom('users as u')
      .leftJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.id', 'u.role', 'u.company_admin', 'c.name as company'])
      .where('u.email', '=', email)
      .executeTakeFirst();
    if (!user) throw new CliError(`There is no user with the email ${email}.`);
    if (user.role !== 'customer' || user.company === null) {
      throw new CliError(`${email} is not a customer of a company: only a customer can be a company admin.`);
    }
    if (user.company_admin !== admin) {
      await store.db.updateTable('users').set({ company_admin: admin }).where('id', '=', user.id).execute();
    }
    const already = user.company_admin === admin ? ' (no change)' : '';
    say(
      io,
      admin
        ? `${email} is the company admin of ${user.company}${already}.`
        : `${email} is no longer a company admin of ${user.company}${already}.`,
    );
  });
}

import { randomBytes } from 'node:crypto';
import { GITHUB_HOOK_TARGET_TYPES } from '@client-portal/api-client';
import type { HostConfig } from '../config/index.js';
import { createIngestToken, listIngestTokens, revokeIngestToken } from '../ingest/tokens.js';
import { migrateToLatest, type Store } from '../store/index.js';
import { CliError, type CliIo, say } from './io.js';
import { readPassword } from './password-prompt.js';
import { withStore } from './store-commands.js';

/** The commands that let CI, an incident tool and GitHub send delivery data: tokens and webhooks. */

const TOKEN_NAME_MAX = 100;
/** GitHub allows any webhook secret; below 16 characters one is guessable. */
const MIN_SECRET_LENGTH = 16;
const MAX_SECRET_LENGTH = 256;

async function companyOf(store: Store, id: string): Promise<{ id: string; name: string }> {
  const company = await store.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (company) return company;
  const known = await store.db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
  const list = known.length ? known.map((c) => `${c.id} (${c.name})`).join(', ') : 'none yet';
  throw new CliError(`There is no company "${id}". Known companies: ${list}.`);
}

/** A project of the company by its key (Jira key) or, failing that, its id. */
async function projectOf(store: Store, companyId: string, keyOrId: string) {
  const projects = await store.db
    .selectFrom('projects')
    .select(['id', 'jira_key', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('jira_key')
    .execute();
  const project = projects.find((p) => p.jira_key === keyOrId) ?? projects.find((p) => p.id === keyOrId);
  if (project) return project;
  const list = projects.map((p) => p.jira_key || p.id).join(', ') || 'none';
  throw new CliError(`Company "${companyId}" has no project "${keyOrId}". Its projects: ${list}.`);
}

/** `ingest-token create`: a token for one project, printed once. */
export async function createTokenCommand(
  config: HostConfig,
  io: CliIo,
  input: { company: string; project: string; name: string },
): Promise<string> {
  const name = input.name.trim();
  if (!name) throw new CliError('--name must not be empty.', 2);
  if (name.length > TOKEN_NAME_MAX)
    throw new CliError(`--name is longer than ${TOKEN_NAME_MAX} characters.`, 2);
  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const company = await companyOf(store, input.company);
    const project = await projectOf(store, company.id, input.project);
    const created = await createIngestToken(store.db, { companyId: company.id, projectId: project.id, name });
    say(
      io,
      `Created ingest token ${created.id} "${name}" for ${project.jira_key || project.id} of ${company.name}.`,
    );
    say(
      io,
      'Send it as "Authorization: Bearer <token>". It is shown only now: store it in your CI’s secrets.',
    );
    say(io, created.token);
    return created.token;
  });
}

const when = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

/** `ingest-token list`: every token (never its secret), newest first. */
export async function listTokensCommand(
  config: HostConfig,
  io: CliIo,
  input: { company?: string },
): Promise<void> {
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    if (input.company) await companyOf(store, input.company);
    const tokens = await listIngestTokens(store.db, input.company);
    if (!tokens.length) {
      say(io, 'No ingest tokens.');
      return;
    }
    say(
      io,
      'id                company  project  created               last used             revoked               name',
    );
    for (const t of tokens) {
      say(
        io,
        [
          t.id.padEnd(17),
          t.companyId.padEnd(8),
          (t.projectKey || t.projectId).padEnd(8),
          when(t.createdAt).padEnd(21),
          when(t.lastUsedAt).padEnd(21),
          when(t.revokedAt).padEnd(21),
          t.name,
        ].join(' '),
      );
    }
  });
}

/** `ingest-token revoke <id>`: refused from the next request on. */
export async function revokeTokenCommand(config: HostConfig, io: CliIo, id: string): Promise<void> {
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    if (!(await revokeIngestToken(store.db, id))) {
      throw new CliError(`There is no active ingest token "${id}" (see \`ingest-token list\`).`);
    }
    say(io, `Revoked ingest token ${id}.`);
  });
}

function targetOf(input: { targetType: string; targetId: string }) {
  if (!(GITHUB_HOOK_TARGET_TYPES as readonly string[]).includes(input.targetType)) {
    throw new CliError(`--target-type must be one of ${GITHUB_HOOK_TARGET_TYPES.join(', ')}.`, 2);
  }
  if (!/^[0-9]{1,20}$/.test(input.targetId)) {
    throw new CliError(
      '--target-id must be the numeric id of the repository, organization or GitHub App.',
      2,
    );
  }
  return { type: input.targetType, id: input.targetId };
}

/** A secret typed (hidden, twice) or piped in: `echo "$SECRET" | client-portal-host github-webhook add …`. */
async function secretFrom(io: CliIo): Promise<string> {
  try {
    return (await readPassword(io, 'Webhook secret: ')).trim();
  } catch (error) {
    if (error instanceof Error && /do not match/.test(error.message))
      throw new CliError('The secrets do not match.', 2);
    throw new CliError('--secret-stdin: no secret on stdin.', 2);
  }
}

/** `github-webhook add`: registers a webhook's secret (generated and printed once, or from stdin). */
export async function addWebhookCommand(
  config: HostConfig,
  io: CliIo,
  input: { company: string; targetType: string; targetId: string; secretStdin: boolean },
): Promise<string> {
  const target = targetOf(input);
  const secret = input.secretStdin ? await secretFrom(io) : randomBytes(32).toString('hex');
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    throw new CliError(`The secret must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters.`, 2);
  }
  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const company = await companyOf(store, input.company);
    const added = await store.db
      .insertInto('github_webhooks')
      .values({
        target_type: target.type,
        target_id: target.id,
        company_id: company.id,
        secret,
        created_at: new Date(),
      })
      .onConflict((conflict) => conflict.columns(['target_type', 'target_id']).doNothing())
      .returning('target_id')
      .executeTakeFirst();
    if (!added) {
      throw new CliError(
        `A webhook for ${target.type} ${target.id} is registered already; remove it first to change its secret.`,
      );
    }
    say(io, `Registered the GitHub webhook of ${target.type} ${target.id} for ${company.name}.`);
    if (!input.secretStdin) {
      say(io, 'Its secret (shown only now: paste it into the webhook’s "Secret" field on GitHub):');
      say(io, secret);
    }
    return secret;
  });
}

/** `github-webhook remove`: deliveries for the target are refused (401) from now on. */
export async function removeWebhookCommand(
  config: HostConfig,
  io: CliIo,
  input: { targetType: string; targetId: string },
): Promise<void> {
  const target = targetOf(input);
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const removed = await store.db
      .deleteFrom('github_webhooks')
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n)
      throw new CliError(`No webhook is registered for ${target.type} ${target.id}.`);
    say(io, `Removed the GitHub webhook of ${target.type} ${target.id}.`);
  });
}

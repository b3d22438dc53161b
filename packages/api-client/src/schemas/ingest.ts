import * as z from 'zod/mini';
import { count } from './common.js';
import { described, named } from './registry.js';
import { singleLineText } from './request-rules.js';

/*
 * The delivery ingest wire format (`POST /api/ingest/deployments|changes|incidents|pushes`):
 * a batch `{ events: [...] }` of 1 to MAX_INGEST_BATCH events, all stored or none. Each event
 * carries its id in the sending system (`externalId`); re-sending the same id updates the stored
 * event, and identical content is counted as `unchanged` and writes nothing. An event states the
 * whole record: a field left out of a re-sent event is cleared. Objects are strict: an unknown (e.g.
 * misspelt) field is refused rather than silently dropped.
 */

/** Most events one ingest request may carry. */
export const MAX_INGEST_BATCH = 1000;
/** Most commits one push event may carry. */
export const MAX_PUSH_COMMITS = 1000;

export const DEPLOYMENT_STATUSES = ['success', 'failure', 'cancelled'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** Earliest and latest instant (exclusive) an ingested datetime may name: years 2000–2099, UTC. */
const MIN_INSTANT = Date.UTC(2000, 0, 1);
const MAX_INSTANT = Date.UTC(2100, 0, 1);

/** GitHub's "owner/name": owner 1–39 letters, digits or "-"; name 1–100 letters, digits, ".", "_", "-". */
export const REPOSITORY_FULL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;
/** A commit id, full or abbreviated: 7 to 64 hexadecimal digits (SHA-1 or SHA-256). */
export const COMMIT_SHA_PATTERN = /^[0-9a-fA-F]{7,64}$/;

export const INGEST_RULE_MESSAGES = {
  datetimeBounds: 'must be an instant from 2000-01-01T00:00:00Z to 2099-12-31T23:59:59Z',
  repository: 'must be a repository "owner/name"',
  commitSha: 'must be a commit id: 7 to 64 hexadecimal digits',
  finishedBeforeStarted: 'must not be before `startedAt`',
  resolvedBeforeOpened: 'must not be before `openedAt`',
  mergedBeforeOpened: 'must not be before `openedAt`',
} as const;

/** An RFC 3339 instant with `Z` or an offset, within the years 2000–2099 (UTC). */
export const ingestDateTime = described(
  z.iso.datetime({ offset: true }).check(
    z.refine((value) => {
      const ms = Date.parse(value);
      return Number.isFinite(ms) && ms >= MIN_INSTANT && ms < MAX_INSTANT;
    }, INGEST_RULE_MESSAGES.datetimeBounds),
  ),
  'Instant, RFC 3339 date-time with "Z" or an offset, e.g. "2025-03-04T10:15:00Z"; years 2000–2099. Days are counted in UTC.',
);

const externalId = (what: string) =>
  described(
    singleLineText({ min: 1, max: 200 }),
    `${what} Single-line text, 1–200 characters; the idempotency key within the project.`,
  );

export const repositoryFullNameInput = described(
  singleLineText({ min: 1, max: 140 }).check(
    z.regex(REPOSITORY_FULL_NAME_PATTERN, { message: INGEST_RULE_MESSAGES.repository }),
  ),
  'Repository "owner/name", as linked to the company in the portal (GitHub full name).',
);

export const commitShaInput = described(
  z
    .string()
    .check(
      z.maxLength(64, { abort: true }),
      z.regex(COMMIT_SHA_PATTERN, { message: INGEST_RULE_MESSAGES.commitSha }),
    ),
  'Commit id: 7 to 64 hexadecimal digits (stored lower-case).',
);

const branchName = (description: string) => described(singleLineText({ min: 1, max: 255 }), description);

export const deploymentEventSchema = named(
  'DeploymentEvent',
  described(
    z
      .strictObject({
        externalId: externalId('Id of the deployment in the sending system (e.g. a CI run id).'),
        environment: described(
          singleLineText({ min: 1, max: 64 }),
          'Target environment; only "production" counts for DORA.',
        ),
        status: described(
          z.enum(DEPLOYMENT_STATUSES),
          'Outcome; only successful production deployments count as deployments.',
        ),
        startedAt: described(z.optional(ingestDateTime), 'When the deployment started.'),
        finishedAt: described(
          ingestDateTime,
          'When the deployment finished: its day (UTC) is the day it counts for.',
        ),
        repository: described(
          z.optional(repositoryFullNameInput),
          'Repository deployed; with `commitSha`, links the pull requests it ships.',
        ),
        commitSha: described(z.optional(commitShaInput), 'Commit deployed (the head of `ref`).'),
        ref: z.optional(branchName('Branch deployed, e.g. "main".')),
        isHotfix: described(
          z.optional(z.boolean()),
          'A hotfix: counts as rework (unplanned deployment fixing production). Default false.',
        ),
      })
      .check(
        z.superRefine((event, ctx) => {
          if (event.startedAt !== undefined && Date.parse(event.finishedAt) < Date.parse(event.startedAt)) {
            ctx.addIssue({
              code: 'custom',
              path: ['finishedAt'],
              message: INGEST_RULE_MESSAGES.finishedBeforeStarted,
              input: event.finishedAt,
            });
          }
        }),
      ),
    'A deployment to an environment, as the sending system saw it finish.',
  ),
);

export const changeEventSchema = named(
  'ChangeEvent',
  described(
    z
      .strictObject({
        externalId: externalId('Id of the pull request in the sending system (e.g. its number or node id).'),
        repository: described(repositoryFullNameInput, 'Repository of the pull request.'),
        title: described(z.optional(singleLineText({ max: 500 })), 'Title, at most 500 characters.'),
        author: described(z.optional(singleLineText({ max: 200 })), 'Author login, at most 200 characters.'),
        firstCommitAt: described(
          z.optional(ingestDateTime),
          'Time of the first commit: where lead time for changes starts.',
        ),
        openedAt: described(z.optional(ingestDateTime), 'When the pull request was opened.'),
        mergedAt: described(
          z.optional(z.nullable(ingestDateTime)),
          'When it was merged; null or absent while open (or closed without merging).',
        ),
        mergeCommitSha: described(
          z.optional(commitShaInput),
          'The merge (or squash) commit: links the pull request to the first production deployment that ships it.',
        ),
        baseRef: z.optional(branchName('Branch merged into, e.g. "main".')),
        revertsExternalId: described(
          z.optional(singleLineText({ min: 1, max: 200 })),
          'The pull request (externalId, same project) this one reverts: makes it a revert, which counts as rework.',
        ),
      })
      .check(
        z.superRefine((event, ctx) => {
          if (
            event.mergedAt != null &&
            event.openedAt !== undefined &&
            Date.parse(event.mergedAt) < Date.parse(event.openedAt)
          ) {
            ctx.addIssue({
              code: 'custom',
              path: ['mergedAt'],
              message: INGEST_RULE_MESSAGES.mergedBeforeOpened,
              input: event.mergedAt,
            });
          }
        }),
      ),
    'A change: one pull request, merged or not.',
  ),
);

export const incidentEventSchema = named(
  'IncidentEvent',
  described(
    z
      .strictObject({
        externalId: externalId('Id of the incident in the sending system.'),
        title: described(z.optional(singleLineText({ max: 500 })), 'Title, at most 500 characters.'),
        severity: described(
          z.optional(singleLineText({ max: 32 })),
          'Severity as the sender names it, e.g. "sev2".',
        ),
        openedAt: described(ingestDateTime, 'When the incident was opened (production impaired).'),
        resolvedAt: described(
          z.optional(z.nullable(ingestDateTime)),
          'When it was resolved; null or absent while open.',
        ),
        deploymentExternalId: described(
          z.optional(singleLineText({ min: 1, max: 200 })),
          'The deployment (externalId, same project) that caused it. Wins over the attribution window; may name a deployment not sent yet.',
        ),
        notChangeFailure: described(
          z.optional(z.boolean()),
          'Not caused by a change (e.g. a provider outage): never attributed to a deployment, counted apart. Default false.',
        ),
      })
      .check(
        z.superRefine((event, ctx) => {
          if (event.resolvedAt != null && Date.parse(event.resolvedAt) < Date.parse(event.openedAt)) {
            ctx.addIssue({
              code: 'custom',
              path: ['resolvedAt'],
              message: INGEST_RULE_MESSAGES.resolvedBeforeOpened,
              input: event.resolvedAt,
            });
          }
        }),
      ),
    'A production incident. Send it again with the same externalId to update or resolve it.',
  ),
);

export const pushEventSchema = named(
  'PushEvent',
  described(
    z.strictObject({
      repository: described(repositoryFullNameInput, 'Repository pushed to.'),
      ref: branchName('Branch pushed to, e.g. "main" (a "refs/heads/" prefix is dropped on store).'),
      before: described(
        z.optional(commitShaInput),
        'The branch head before the push: the commits follow it. Absent (or unknown): they follow the branch’s last known commit.',
      ),
      commits: described(
        z.array(commitShaInput).check(z.minLength(1), z.maxLength(MAX_PUSH_COMMITS)),
        `The pushed commits in branch order, oldest first (1–${MAX_PUSH_COMMITS}). Gives the commit order that links pull requests to deployments.`,
      ),
    }),
    'Commits pushed to a branch, oldest first.',
  ),
);

const batch = <T extends z.core.$ZodType>(event: T, what: string) =>
  z.strictObject({
    events: described(
      z.array(event).check(z.minLength(1), z.maxLength(MAX_INGEST_BATCH)),
      `1–${MAX_INGEST_BATCH} ${what}; all are stored or none. Each states the whole record: sent again with the same id, it replaces the stored one (a field left out is cleared).`,
    ),
  });

export const deploymentBatchSchema = named('DeploymentBatch', batch(deploymentEventSchema, 'deployments'));
export const changeBatchSchema = named('ChangeBatch', batch(changeEventSchema, 'pull requests'));
export const incidentBatchSchema = named('IncidentBatch', batch(incidentEventSchema, 'incidents'));
export const pushBatchSchema = named('PushBatch', batch(pushEventSchema, 'pushes'));

export const ingestResultSchema = named(
  'IngestResult',
  described(
    z.object({
      received: described(count, 'Events in the batch.'),
      created: described(count, 'Events stored for the first time.'),
      updated: described(count, 'Events whose stored content changed.'),
      unchanged: described(count, 'Events identical to what was stored: nothing written.'),
    }),
    'What an accepted batch did; received = created + updated + unchanged.',
  ),
);

export const ingestErrorSchema = named(
  'IngestError',
  z.object({
    index: described(count, 'Position of the refused event in `events` (0-based).'),
    path: described(z.string(), 'Dot path of the field within the event; empty for the event itself.'),
    message: described(z.string(), 'Why it was refused.'),
  }),
);

export const ingestRejectionSchema = named(
  'IngestRejection',
  described(
    z.object({
      errors: described(
        z.optional(z.array(ingestErrorSchema)),
        'Every refused event field (the first 100). Absent when only the batch itself is refused (no `events`, too many): `detail` says why.',
      ),
    }),
    'problem+json extension of a refused batch (400). Nothing was stored.',
  ),
);

export type DeploymentEvent = z.infer<typeof deploymentEventSchema>;
export type ChangeEvent = z.infer<typeof changeEventSchema>;
export type IncidentEvent = z.infer<typeof incidentEventSchema>;
export type PushEvent = z.infer<typeof pushEventSchema>;
export type DeploymentBatch = z.infer<typeof deploymentBatchSchema>;
export type ChangeBatch = z.infer<typeof changeBatchSchema>;
export type IncidentBatch = z.infer<typeof incidentBatchSchema>;
export type PushBatch = z.infer<typeof pushBatchSchema>;
export type IngestResult = z.infer<typeof ingestResultSchema>;
export type IngestError = z.infer<typeof ingestErrorSchema>;
export type IngestRejection = z.infer<typeof ingestRejectionSchema>;

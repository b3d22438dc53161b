import * as z from 'zod/mini';
import { ingestResultSchema } from './ingest.js';
import { described, named } from './registry.js';
import { singleLineText } from './request-rules.js';

/*
 * `POST /api/webhooks/github`: GitHub's own request, as GitHub sends it. The payload is GitHub's
 * (not ours to shape); the headers say what it is and prove who sent it.
 */

/** `X-Hub-Signature-256`: "sha256=" and the HMAC-SHA256 of the exact body bytes, in lower-case hex. */
export const GITHUB_SIGNATURE_PATTERN = /^sha256=[0-9a-f]{64}$/;

/** What a webhook's target is (`X-GitHub-Hook-Installation-Target-Type`). */
export const GITHUB_HOOK_TARGET_TYPES = ['repository', 'organization', 'integration'] as const;
export type GithubHookTargetType = (typeof GITHUB_HOOK_TARGET_TYPES)[number];

/** The headers the host reads, by their lower-case names (HTTP header names are case-insensitive). */
export const githubWebhookHeadersSchema = z.object({
  'x-github-event': described(
    singleLineText({ min: 1, max: 100 }),
    'The event, e.g. "push", "pull_request", "deployment_status", "ping".',
  ),
  'x-github-delivery': described(
    singleLineText({ min: 1, max: 100 }),
    'The delivery’s id (a GUID). A redelivery keeps it: one already stored is answered 200 and ignored.',
  ),
  'x-hub-signature-256': described(
    z.string().check(z.maxLength(71, { abort: true }), z.regex(GITHUB_SIGNATURE_PATTERN)),
    '"sha256=" and the hex HMAC-SHA256 of the exact body with the webhook’s secret. Missing or wrong → 401.',
  ),
  'x-github-hook-installation-target-type': described(
    z.enum(GITHUB_HOOK_TARGET_TYPES),
    'What the webhook is installed on; with the id, names the webhook (and so its secret and company).',
  ),
  'x-github-hook-installation-target-id': described(
    z.string().check(z.maxLength(20, { abort: true }), z.regex(/^[0-9]{1,20}$/)),
    'Id of the repository, organisation or GitHub App the webhook is installed on.',
  ),
});
export type GithubWebhookHeaders = z.infer<typeof githubWebhookHeadersSchema>;

export const githubWebhookPayloadSchema = described(
  z.record(z.string(), z.unknown()),
  'The event payload exactly as GitHub sends it (webhook content type application/json); its signature is checked over these bytes before anything is read.',
);

export const GITHUB_WEBHOOK_OUTCOMES = ['stored', 'duplicate', 'pong', 'dropped'] as const;
export type GithubWebhookOutcome = (typeof GITHUB_WEBHOOK_OUTCOMES)[number];

export const githubWebhookResultSchema = named(
  'GithubWebhookResult',
  described(
    z.object({
      outcome: described(
        z.enum(GITHUB_WEBHOOK_OUTCOMES),
        '`stored` (200): the event’s deployments, pull request or commits were ingested. `duplicate` (200): this delivery was stored before; nothing changed. `pong` (200): answer to `ping`. `dropped` (202): acknowledged, nothing stored (see `reason`).',
      ),
      event: described(z.string(), 'The event (X-GitHub-Event).'),
      delivery: described(z.string(), 'The delivery id (X-GitHub-Delivery).'),
      reason: described(z.optional(z.string()), 'Why a dropped event was not stored.'),
      result: described(z.optional(ingestResultSchema), 'What a stored event did.'),
    }),
    'What the host did with a webhook delivery.',
  ),
);
export type GithubWebhookResult = z.infer<typeof githubWebhookResultSchema>;

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  INGEST_TOKEN_PATTERN,
  ingestRefusal,
  ingestRefusalOf,
  MAX_INGEST_ERRORS,
} from '../ingest-requests.js';
import { createOpenApiDocument } from '../openapi.js';
import { routes } from '../routes.js';
import { MAX_INGEST_BATCH } from '../schemas/ingest.js';

const document = createOpenApiDocument();
// biome-ignore lint/suspicious/noExplicitAny: walking a generated JSON document in assertions.
const op = (path: string) => document.paths[path]?.post as any;

const INGEST_PATHS = ['deployments', 'changes', 'incidents', 'pushes'].map((p) => `/api/ingest/${p}`);

const deployment = (i: number) => ({
  externalId: `run-${i}`,
  environment: 'production',
  status: 'success',
  finishedAt: '2025-03-04T10:15:00Z',
});

describe('the ingest routes in the OpenAPI document', () => {
  it.each(INGEST_PATHS)(
    '%s: bearer ingest token only, batch rules, refusals with index/path/message',
    (path) => {
      const operation = op(path);
      expect(operation.security).toEqual([{ ingestToken: [] }]);
      expect(operation.tags).toEqual(['Ingest']);
      expect(operation.description).toContain('Authorization: Bearer cpi_');
      expect(operation.description).toContain('session cookie never authenticates');
      expect(operation.description).toContain(`1 to ${MAX_INGEST_BATCH} events`);
      expect(operation.description).toContain('same `externalId` updates');
      expect(operation.requestBody.required).toBe(true);
      expect(operation.responses['200'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/IngestResult',
      });
      // No CSRF 403 (no session): the statuses are the route's own.
      expect(Object.keys(operation.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '413',
        '415',
        '500',
        '503',
      ]);
      const badRequest = operation.responses['400'];
      expect(badRequest.description).toContain('`index`');
      expect(badRequest.description).toContain('nothing was stored');
      expect(badRequest.content['application/problem+json'].schema.allOf).toEqual([
        { $ref: '#/components/schemas/Problem' },
        { $ref: '#/components/schemas/IngestRejection' },
      ]);
      expect(operation.responses['401'].description).toContain('revoked');
    },
  );

  it('documents the GitHub webhook: signature scheme, the headers it reads, 202 for dropped events', () => {
    const operation = op('/api/webhooks/github');
    expect(operation.security).toEqual([{ githubSignature: [] }]);
    expect(
      operation.parameters.map((p: { name: string; in: string; required: boolean }) => [
        p.name,
        p.in,
        p.required,
      ]),
    ).toEqual([
      ['x-github-event', 'header', true],
      ['x-github-delivery', 'header', true],
      ['x-hub-signature-256', 'header', true],
      ['x-github-hook-installation-target-type', 'header', true],
      ['x-github-hook-installation-target-id', 'header', true],
    ]);
    expect(operation.responses['202'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/GithubWebhookResult',
    });
    expect(operation.responses['202'].description).toContain('dropped');
    expect(operation.responses['401'].description).toContain('X-Hub-Signature-256');
    expect(operation.description).toContain('redelivery');
    expect(document.components.securitySchemes.githubSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Hub-Signature-256',
    });
    expect(document.components.securitySchemes.ingestToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('ingest requests', () => {
  it('recognises ingest tokens by their shape', () => {
    const token = `cpi_0123456789abcdef_${'a1'.repeat(32)}`;
    expect(INGEST_TOKEN_PATTERN.exec(token)?.slice(1)).toEqual(['0123456789abcdef', 'a1'.repeat(32)]);
    for (const bad of [
      token.toUpperCase(),
      `${token}0`,
      token.replace('cpi_', 'cpx_'),
      `cpi_0123456789abcdef_${'a'.repeat(63)}`,
      ` ${token}`,
    ]) {
      expect(INGEST_TOKEN_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('names a refused event by its index and the field within it', () => {
    const events = [
      deployment(0),
      { ...deployment(1), status: 'done' },
      deployment(2),
      { ...deployment(3), commitSha: 'xyz' },
    ];
    const parsed = z.safeParse(routes.ingestDeployments.body, { events });
    expect(parsed.success).toBe(false);
    const refusal = ingestRefusalOf(parsed.error!);
    expect(refusal.errors).toEqual([
      { index: 1, path: 'status', message: expect.stringContaining('success') },
      { index: 3, path: 'commitSha', message: 'must be a commit id: 7 to 64 hexadecimal digits' },
    ]);
    expect(refusal.detail).toBe('2 events were refused. Nothing was stored.');
  });

  it('names an unknown field, as the store does', () => {
    const events = [{ ...deployment(0), projectKey: 'OTHER' }];
    const parsed = z.safeParse(routes.ingestDeployments.body, { events });
    expect(ingestRefusalOf(parsed.error!).errors).toEqual([
      { index: 0, path: 'projectKey', message: 'is not a field of this event' },
    ]);
  });

  it('reports the first rule a field breaks, once', () => {
    const events = [{ ...deployment(0), finishedAt: '2025-06-10T25:00:00Z' }];
    const parsed = z.safeParse(routes.ingestDeployments.body, { events });
    expect(ingestRefusalOf(parsed.error!).errors).toEqual([
      { index: 0, path: 'finishedAt', message: 'Invalid ISO datetime' },
    ]);
  });

  it('tells what is wrong with the batch itself in the detail', () => {
    const tooMany = Array.from({ length: MAX_INGEST_BATCH + 1 }, (_, i) => deployment(i));
    const many = ingestRefusalOf(z.safeParse(routes.ingestDeployments.body, { events: tooMany }).error!);
    expect(many.errors).toBeUndefined();
    expect(many.detail).toMatch(/^The batch is invalid \(events: .*1000.*\)\. Nothing was stored\.$/);
    const none = ingestRefusalOf(z.safeParse(routes.ingestDeployments.body, { deployments: [] }).error!);
    expect(none.detail).toContain('events:');
    expect(none.detail).toContain('deployments');
  });

  it('lists at most MAX_INGEST_ERRORS errors and cuts long messages', () => {
    const errors = Array.from({ length: MAX_INGEST_ERRORS + 5 }, (_, index) => ({
      index,
      path: 'x'.repeat(500),
      message: 'y'.repeat(500),
    }));
    const refusal = ingestRefusal(errors);
    expect(refusal.errors).toHaveLength(MAX_INGEST_ERRORS);
    expect(refusal.errors![0]!.path.length).toBeLessThanOrEqual(121);
    expect(refusal.detail).toBe(
      `${MAX_INGEST_ERRORS + 5} events were refused (the first ${MAX_INGEST_ERRORS} errors are listed). Nothing was stored.`,
    );
  });
});

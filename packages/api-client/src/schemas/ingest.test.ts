import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  changeBatchSchema,
  deploymentBatchSchema,
  deploymentEventSchema,
  incidentEventSchema,
  MAX_INGEST_BATCH,
  pushEventSchema,
} from './ingest.js';

const deployment = {
  externalId: 'run-1',
  environment: 'production',
  status: 'success',
  finishedAt: '2025-03-04T10:15:00Z',
} as const;

function issues(schema: z.core.$ZodType, value: unknown) {
  const result = z.safeParse(schema, value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('ingest wire format', () => {
  it('accepts a minimal and a full deployment', () => {
    expect(issues(deploymentEventSchema, deployment)).toEqual([]);
    expect(
      issues(deploymentEventSchema, {
        ...deployment,
        startedAt: '2025-03-04T12:00:00+02:00',
        repository: 'acme/web-app',
        commitSha: 'ABCDEF1',
        ref: 'main',
        isHotfix: true,
      }),
    ).toEqual([]);
  });

  it('refuses instants outside 2000–2099, without offset, or before the start', () => {
    expect(
      issues(deploymentEventSchema, { ...deployment, finishedAt: '1999-12-31T23:59:59Z' })[0]?.path,
    ).toBe('finishedAt');
    expect(issues(deploymentEventSchema, { ...deployment, finishedAt: '2100-01-01T00:00:00Z' })).toHaveLength(
      1,
    );
    expect(issues(deploymentEventSchema, { ...deployment, finishedAt: '2025-03-04T10:15:00' })).toHaveLength(
      1,
    );
    expect(
      issues(deploymentEventSchema, { ...deployment, startedAt: '2025-03-04T10:16:00Z' }).map((i) => i.path),
    ).toEqual(['finishedAt']);
  });

  it('refuses unknown fields, bad repositories, bad shas and control characters', () => {
    expect(issues(deploymentEventSchema, { ...deployment, finishedat: 'x' })).toHaveLength(1);
    expect(issues(deploymentEventSchema, { ...deployment, repository: '../etc' })[0]?.path).toBe(
      'repository',
    );
    expect(issues(deploymentEventSchema, { ...deployment, commitSha: 'xyz1234' })[0]?.path).toBe('commitSha');
    expect(issues(deploymentEventSchema, { ...deployment, externalId: 'a\u0000b' })[0]?.message).toBe(
      'must not contain NUL characters',
    );
    expect(issues(deploymentEventSchema, { ...deployment, externalId: '' })[0]?.path).toBe('externalId');
  });

  it('checks incident and change order of times', () => {
    expect(
      issues(incidentEventSchema, {
        externalId: 'i',
        openedAt: '2025-03-04T10:00:00Z',
        resolvedAt: '2025-03-04T09:00:00Z',
      }).map((i) => i.path),
    ).toEqual(['resolvedAt']);
    expect(
      issues(incidentEventSchema, { externalId: 'i', openedAt: '2025-03-04T10:00:00Z', resolvedAt: null }),
    ).toEqual([]);
    expect(
      issues(changeBatchSchema, {
        events: [
          {
            externalId: '1',
            repository: 'acme/web',
            openedAt: '2025-03-04T10:00:00Z',
            mergedAt: '2025-03-03T10:00:00Z',
          },
        ],
      }).map((i) => i.path),
    ).toEqual(['events.0.mergedAt']);
  });

  it('bounds batches and pushes', () => {
    expect(issues(deploymentBatchSchema, { events: [] })).toHaveLength(1);
    expect(
      issues(deploymentBatchSchema, { events: Array(MAX_INGEST_BATCH + 1).fill(deployment) }),
    ).toHaveLength(1);
    expect(issues(deploymentBatchSchema, { events: Array(MAX_INGEST_BATCH).fill(deployment) })).toEqual([]);
    expect(issues(pushEventSchema, { repository: 'acme/web', ref: 'main', commits: [] })).toHaveLength(1);
    expect(issues(pushEventSchema, { repository: 'acme/web', ref: 'main', commits: ['abcdef0'] })).toEqual(
      [],
    );
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';
import { routeIds, routes } from './routes.js';
import { contractRegistry } from './schemas/registry.js';
import {
  PROJECT_KEY_PATTERN,
  RECORD_ID_PATTERN,
  REQUEST_DATE_PATTERN,
  SINGLE_LINE_TEXT_PATTERN,
  SLUG_PATTERN,
} from './schemas/request-rules.js';

const document = createOpenApiDocument({ version: '1.2.3', sessionCookieName: 'sid' });

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

describe('createOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator is real: a path that does not start with "/" is refused.
    const broken = await new Validator().validate({
      ...structuredClone(document),
      paths: { teams: {} },
    } as Record<string, unknown>);
    expect(broken.valid).toBe(false);
  });

  it('has one operation per route, with the route id as operationId', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        path,
        method,
        id: (op as { operationId: string }).operationId,
      })),
    );
    expect(operations.map((o) => o.id).sort()).toEqual([...routeIds].sort());
    for (const op of operations) {
      const route = routes[op.id as keyof typeof routes];
      expect([op.path, op.method]).toEqual([route.path, route.method.toLowerCase()]);
    }
  });

  it('lists every contract schema as a component and every $ref resolves', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas).sort()).toEqual([...contractRegistry._idmap.keys()].sort());
    for (const ref of refs(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      expect(schemas[ref.split('/').at(-1)!]).toBeDefined();
    }
    expect(JSON.stringify(document)).not.toContain('__shared');
  });

  it('documents strict and ignored bodies, null statuses and problem+json errors', () => {
    // biome-ignore lint/suspicious/noExplicitAny: walking a generated JSON document in assertions.
    const op = (path: string, method: string) => document.paths[path]?.[method] as any;
    expect(document.components.schemas.SignedUrlRequest).toMatchObject({
      additionalProperties: false,
      required: ['fileId'],
    });
    expect(op('/api/create-signed-url', 'post').requestBody.required).toBe(true);
    expect(op('/api/profile', 'post').requestBody.required).toBe(false);
    expect(op('/api/profile', 'post').description).toContain('ignored');
    expect(op('/api/auth/me', 'get').responses['204']).toBeDefined();
    expect(op('/api/agents/windsurf', 'get').responses['404'].description).toContain('No data');
    expect(
      op('/api/analytics/dora', 'get').parameters.map((p: { name: string; required: boolean }) => [
        p.name,
        p.required,
      ]),
    ).toEqual([
      ['projectKey', true],
      ['from', false],
      ['to', false],
      ['grain', false],
      ['benchmark', false],
    ]);
    expect(op('/api/analytics/projects/{projectKey}', 'get').parameters[0]).toMatchObject({
      in: 'path',
      required: true,
    });
    expect(op('/api/teams', 'get').responses['401'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(op('/api/auth/login', 'get').responses['302']).toBeDefined();
    expect(document.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    expect(document.info.version).toBe('1.2.3');
  });

  it('writes the DORA definitions down where the DORA routes are documented', () => {
    // biome-ignore lint/suspicious/noExplicitAny: walking a generated JSON document in assertions.
    const op = (path: string) => (document.paths[path] as any).get.description as string;
    for (const path of ['/api/analytics/dora', '/api/analytics/projects/{projectKey}/dora/{metric}/events']) {
      const text = op(path);
      for (const term of [
        'status "success" to environment "production"',
        'non-positive lead times are dropped',
        'Change failure rate:',
        'Failed-deployment recovery time:',
        'Rework rate:',
        'attribution window (default 7 days)',
        'DORA 2021 with `benchmark=dora-2021`',
      ]) {
        expect(text, `${path}: ${term}`).toContain(term);
      }
    }
  });

  it('shows the input rules: every request string has a length limit and a pattern', () => {
    // biome-ignore lint/suspicious/noExplicitAny: walking a generated JSON document in assertions.
    const op = (path: string, method: string) => document.paths[path]?.[method] as any;
    const param = (path: string, name: string) =>
      op(path, 'get').parameters.find((p: { name: string }) => p.name === name).schema;
    expect(param('/api/analytics/dora', 'projectKey')).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 100,
      pattern: PROJECT_KEY_PATTERN.source,
    });
    expect(param('/api/analytics/dora', 'from')).toEqual({
      type: 'string',
      format: 'date',
      pattern: REQUEST_DATE_PATTERN.source,
    });
    expect(param('/api/github/repositories', 'projectId')).toMatchObject({
      maxLength: 128,
      pattern: RECORD_ID_PATTERN.source,
    });
    expect(param('/api/knowledge-base/articles/{slug}', 'slug')).toMatchObject({
      maxLength: 200,
      pattern: SLUG_PATTERN.source,
    });
    expect(param('/api/knowledge-base/search', 'q')).toMatchObject({
      minLength: 2,
      maxLength: 200,
      pattern: SINGLE_LINE_TEXT_PATTERN.source,
    });
    expect(document.components.schemas.SignedUrlRequest).toMatchObject({
      properties: { fileId: { maxLength: 128, pattern: RECORD_ID_PATTERN.source } },
    });
    expect(document.components.schemas.SignInRequest).toMatchObject({
      properties: {
        email: { minLength: 3, maxLength: 320, pattern: SINGLE_LINE_TEXT_PATTERN.source },
        password: { minLength: 1, maxLength: 1024, pattern: SINGLE_LINE_TEXT_PATTERN.source },
      },
    });
    expect(document.components.schemas.TalentAssociationsRequest).toMatchObject({
      properties: {
        contactId: {
          anyOf: [
            { type: 'string', pattern: RECORD_ID_PATTERN.source },
            { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          ],
        },
      },
    });
    // Every string parameter of every operation is bounded and patterned (enums are closed sets).
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const operation of Object.values(methods) as {
        parameters?: { name: string; schema: Record<string, unknown> }[];
      }[]) {
        for (const { name, schema } of operation.parameters ?? []) {
          if (schema.enum) continue;
          expect(schema.pattern, `${path} ${name}`).toEqual(expect.any(String));
          if (schema.format !== 'date')
            expect(schema.maxLength, `${path} ${name}`).toEqual(expect.any(Number));
          // The pattern compiles as the Unicode-aware regex JSON Schema validators use.
          expect(() => new RegExp(schema.pattern as string, 'u')).not.toThrow();
        }
      }
    }
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';
import { routeIds, routes } from './routes.js';
import { contractRegistry } from './schemas/registry.js';

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
});

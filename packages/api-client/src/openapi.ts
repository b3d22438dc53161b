import * as z from 'zod/mini';
import type { AnyRoute, ErrorStatus, RouteAuth } from './route-types.js';
import { CONTRACT_TAGS } from './route-types.js';
import { ROUTE_NOTES } from './openapi-notes.js';
import { type RouteId, routes } from './routes.js';
import { MAX_RANGE_DAYS } from './analytics-range.js';
import { problemSchema } from './schemas/common.js';
import { contractRegistry } from './schemas/registry.js';
import { MAX_REQUEST_DATE, MIN_REQUEST_DATE } from './schemas/request-rules.js';

export interface OpenApiOptions {
  /** Server URL listed in the document; default '/' (the host serves the API on its own origin). */
  serverUrl?: string;
  title?: string;
  /** Version of the API document (not of OpenAPI); the package version by default at build. */
  version?: string;
  /** Name of the host's session cookie, for the cookie security scheme. */
  sessionCookieName?: string;
}

type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is invalid (see `errors`).',
  401: 'No session: sign in first.',
  403: 'Not allowed: a cross-site request, provider staff who have not chosen a company to act for, or a route the caller’s role may not use.',
  404: 'Not found, or not the caller’s company’s.',
  409: 'Not now: the request’s status does not allow this action.',
  412: 'The request changed since the version named in If-Match; reload it and try again.',
  413: 'The body is too large.',
  415: 'The body must be JSON (Content-Type: application/json).',
  429: 'Too many requests; retry after the Retry-After delay.',
  500: 'Server error.',
  503: 'Temporarily unavailable.',
};

/** Who may call a route, as OpenAPI security requirements (any one of the list). */
const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  session: [{ sessionCookie: [] }, { bearerAuth: [] }],
  public: [],
  ingestToken: [{ ingestToken: [] }],
  githubSignature: [{ githubSignature: [] }],
};

const SCHEMA_BASE = '#/components/schemas/';
// Response schemas are "input" schemas: they describe what a server may send the parsing client.
const JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' } as const;

function stripRoot({ $schema: _s, $id: _i, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

function schemaOf(schema: z.core.$ZodType): JsonSchema {
  const id = contractRegistry.get(schema)?.id;
  if (id) return { $ref: `${SCHEMA_BASE}${id}` };
  return stripRoot(z.toJSONSchema(schema, JSON_SCHEMA_OPTIONS) as JsonSchema);
}

function parameters(route: AnyRoute): unknown[] {
  const list: unknown[] = [];
  for (const [where, object] of [
    ['path', route.params],
    ['query', route.query],
    ['header', route.headers],
  ] as const) {
    for (const [name, prop] of Object.entries(object?.shape ?? {}) as [string, z.core.$ZodType][]) {
      const schema = stripRoot(z.toJSONSchema(prop, JSON_SCHEMA_OPTIONS) as JsonSchema);
      const { description, ...rest } = schema;
      list.push({
        name,
        in: where,
        required: where === 'path' || !z.safeParse(prop, undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return list;
}

function responses(route: AnyRoute): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (route.kind === 'json') {
    out[route.created ? '201' : '200'] = {
      description: route.created ? `${route.summary}: created (Location names it).` : route.summary,
      ...(route.noStore
        ? { headers: { 'Cache-Control': { description: 'Always no-store.', schema: { type: 'string' } } } }
        : {}),
      content: { 'application/json': { schema: schemaOf(route.response) } },
    };
    if (route.nullStatus === 204) out['204'] = { description: 'No session (the client returns null).' };
    if (route.accepted) {
      out['202'] = {
        description: route.accepted,
        content: { 'application/json': { schema: schemaOf(route.response) } },
      };
    }
  } else if (route.kind === 'redirect') {
    out['302'] = {
      description: 'Redirect to the next step of the flow.',
      headers: { Location: { required: true, schema: { type: 'string' } } },
    };
  } else if (route.kind === 'file') {
    out['200'] = {
      description: route.summary,
      content: { [route.mediaType]: { schema: { type: 'string' } } },
    };
  } else {
    out['204'] = { description: 'Done.' };
  }
  // Every session route can answer 403 (CSRF guard; staff before act-as) and every route with a
  // body 413 (size limit), whether or not its own list repeats them.
  const implied: ErrorStatus[] = [
    ...(route.auth === 'session' ? [403 as const] : []),
    ...(('body' in route && route.body) || route.multipart ? [413 as const] : []),
  ];
  const statuses = [...new Set<ErrorStatus>([...route.errors, ...implied])].sort((a, b) => a - b);
  for (const status of statuses) {
    const noData = route.kind === 'json' && route.nullStatus === status;
    const problem = schemaOf(problemSchema);
    out[String(status)] = {
      description: noData
        ? 'No data for this project (the client returns null).'
        : (route.errorNotes?.[status] ?? ERROR_DESCRIPTIONS[status]),
      content: {
        'application/problem+json': {
          schema:
            status === 400 && route.badRequest ? { allOf: [problem, schemaOf(route.badRequest)] } : problem,
        },
      },
    };
  }
  return out;
}

function operation(id: string, route: AnyRoute): Record<string, unknown> {
  const description = [
    route.description,
    route.bodyPolicy && `Request body: ${route.bodyPolicy}`,
    ROUTE_NOTES[id as RouteId],
  ]
    .filter(Boolean)
    .join('\n\n');
  const params = parameters(route);
  return {
    operationId: id,
    summary: route.summary,
    description,
    tags: [route.tag],
    security: SECURITY[route.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(route.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    [route.multipart.field]: {
                      type: 'array',
                      maxItems: route.multipart.maxFiles,
                      items: { type: 'string', contentMediaType: 'application/octet-stream' },
                    },
                  },
                  required: [route.multipart.field],
                },
              },
            },
          },
        }
      : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.bodyOptional,
            content: { 'application/json': { schema: schemaOf(route.body) } },
          },
        }
      : {}),
    responses: responses(route),
  };
}

/**
 * The OpenAPI 3.1 document of the /api contract, generated from the same zod schemas the client
 * validates with. The host serves it at /api/openapi.json; the build writes dist/openapi.json.
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const generated = z.toJSONSchema(contractRegistry, {
    ...JSON_SCHEMA_OPTIONS,
    uri: (id) => `${SCHEMA_BASE}${id}`,
  });
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) schemas[id] = stripRoot(schema as JsonSchema);

  const paths: OpenApiDocument['paths'] = {};
  for (const [id, route] of Object.entries(routes) as [string, AnyRoute][]) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(id, route);
  }

  return {
    openapi: '3.1.1',
    info: {
      title: options.title ?? 'Client Portal API',
      version: options.version ?? '0.0.0',
      description: `The /api contract of the client portal. Identity comes only from the session (cookie, or a bearer token for cross-origin hosts); every id in a request must belong to the caller’s company, else 404. The Ingest routes are machine-to-machine instead: CI and incident tools send a per-project ingest token, GitHub signs its webhooks. The Operations routes answer provider staff only (customers get 403). Errors are application/problem+json.\n\nInput rules (each parameter's pattern and length state them): text carries no NUL, no unpaired UTF-16 surrogate and no other control character; project keys, record ids and slugs have fixed ASCII character sets; dates are real calendar days from ${MIN_REQUEST_DATE} to ${MAX_REQUEST_DATE}, \`from\` is not after \`to\` and a range spans at most ${MAX_RANGE_DAYS} days; numbers are finite and integers safe. A violation is a 400 whose \`errors\` name the field and the rule.`,
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: CONTRACT_TAGS.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: options.sessionCookieName ?? 'portal_session' },
        bearerAuth: { type: 'http', scheme: 'bearer' },
        ingestToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cpi_<id>_<secret>',
          description:
            'A per-project ingest token, created (and shown once) with `client-portal-host ingest-token create`, revoked with `ingest-token revoke`. Only the ingest routes accept it.',
        },
        githubSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Hub-Signature-256',
          description:
            'HMAC-SHA256 of the exact body with the secret of the webhook (`client-portal-host github-webhook add`) that X-GitHub-Hook-Installation-Target-Type and -ID name.',
        },
      },
    },
  };
}

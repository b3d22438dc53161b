import { HttpResponse } from 'msw';
import type * as z from 'zod/mini';

/** What a route mock decides; turned into an HTTP response by the handlers. */
export type MockReply =
  | { type: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { type: 'noContent'; headers?: Record<string, string> }
  | { type: 'redirect'; location: string }
  | { type: 'file'; body: string; contentType: string; fileName: string }
  | {
      type: 'problem';
      status: number;
      title: string;
      detail?: string;
      /** Each invalid field; an ingest batch's also carry the refused event's `index`. */
      errors?: { index?: number; path: string; message: string }[];
    };

export const json = (body: unknown, headers?: Record<string, string>): MockReply => ({
  type: 'json',
  status: 200,
  body,
  ...(headers ? { headers } : {}),
});

export const notFound = (detail: string): MockReply => ({
  type: 'problem',
  status: 404,
  title: 'Not Found',
  detail,
});

export function invalid(error: z.core.$ZodError, where: string): MockReply {
  return {
    type: 'problem',
    status: 400,
    title: 'Bad Request',
    detail: `The ${where} is invalid.`,
    errors: error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

export function problemResponse(status: number, title: string, detail?: string, extra: object = {}) {
  return HttpResponse.json(
    { type: 'about:blank', title, status, ...(detail ? { detail } : {}), ...extra },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

export function toResponse(reply: MockReply): Response {
  switch (reply.type) {
    case 'json':
      return HttpResponse.json(reply.body as never, { status: reply.status, headers: reply.headers ?? {} });
    case 'noContent':
      return new HttpResponse(null, { status: 204, headers: reply.headers ?? {} });
    case 'redirect':
      return new HttpResponse(null, { status: 302, headers: { location: reply.location } });
    case 'file':
      return new HttpResponse(reply.body, {
        status: 200,
        headers: {
          'content-type': reply.contentType,
          'content-disposition': `attachment; filename="${reply.fileName}"`,
        },
      });
    case 'problem':
      return problemResponse(
        reply.status,
        reply.title,
        reply.detail,
        reply.errors ? { errors: reply.errors } : {},
      );
  }
}

/**
 * A body that is valid JSON but breaks the schema in one place: the first leaf (depth first) gets
 * a value of the wrong type. Closer to real bugs than garbage, and the error names a precise path.
 */
export function corruptFirstLeaf(body: unknown): unknown {
  const clone: unknown = structuredClone(body);
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node))
      return node.some((_, i) => replace(node as unknown as Record<number, unknown>, i));
    if (node && typeof node === 'object')
      return Object.keys(node).some((k) => replace(node as Record<string, unknown>, k));
    return false;
  };
  const replace = (parent: Record<string | number, unknown>, key: string | number): boolean => {
    const value = parent[key];
    if (value && typeof value === 'object') return visit(value);
    if (value === null) return false;
    parent[key] =
      typeof value === 'string' ? 404 : typeof value === 'number' ? String(value) : 'not-a-boolean';
    return true;
  };
  return visit(clone) ? clone : { unexpected: 'shape' };
}

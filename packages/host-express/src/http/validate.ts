import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { invalidRequest, problem } from './problem.js';

/**
 * The request schemas of a route; a contract route (`routes.signedUrl`) fits as it is. Any zod 4
 * schema works: the contract's are zod/mini, the host's own classic zod.
 */
export interface RequestSchemas {
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  /**
   * The body may be left out (the original portal's ignored compatibility bodies); it is then parsed
   * as `{}`.
   */
  readonly bodyOptional?: boolean;
  /**
   * Not read. Every contract route has a path, so a route without request schemas (GET /api/teams)
   * still shares a property with this all-optional type, which TypeScript requires of "weak" types.
   */
  readonly path?: string;
}

type Output<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface ValidatedInput<T extends RequestSchemas> {
  params: Output<T['params']>;
  query: Output<T['query']>;
  body: Output<T['body']>;
}

export interface Validator<T extends RequestSchemas> extends RequestHandler {
  /** The parsed input of a request this middleware let through. */
  input(req: Request): ValidatedInput<T>;
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Validates path parameters, query and JSON body with the contract's zod schemas, the way the
 * api-client mocks do: a body that is not JSON → 415, a missing required body → 400, a part
 * that breaks its schema → 400 listing the failing fields. Handlers read the parsed values with
 * `validator.input(req)`; `req.params`, `req.query` and `req.body` are replaced by them too
 * (defaults applied, unknown query parameters dropped). Mount after `express.json()`.
 *
 *   const input = validate(routes.signedUrl);
 *   router.post('/create-signed-url', requireSession, input, async (req, res) => {
 *     const { body } = input.input(req); // { fileId: string }
 */
export function validate<const T extends RequestSchemas>(schemas: T): Validator<T> {
  const parsedInputs = new WeakMap<Request, ValidatedInput<T>>();
  const middleware: RequestHandler = (req, res, next) => {
    const input = { params: undefined, query: undefined, body: undefined } as Record<string, unknown>;
    if (schemas.params) {
      const parsed = z.safeParse(schemas.params, req.params);
      if (!parsed.success) return invalidRequest(res, parsed.error, 'path');
      input.params = parsed.data;
      req.params = parsed.data as Request['params'];
    }
    if (schemas.query) {
      const parsed = z.safeParse(schemas.query, req.query);
      if (!parsed.success) return invalidRequest(res, parsed.error, 'query string');
      input.query = parsed.data;
      // Express 5 defines req.query as a getter; an own property shadows it for later handlers.
      Object.defineProperty(req, 'query', {
        value: parsed.data,
        writable: true,
        configurable: true,
        enumerable: true,
      });
    }
    if (schemas.body) {
      const present = hasBody(req);
      // A body the JSON parser skipped is not JSON.
      if (present && req.body === undefined) {
        return problem(res, 415, 'Unsupported Media Type', 'Send the body as application/json.');
      }
      if (!present && !schemas.bodyOptional)
        return problem(res, 400, 'Bad Request', 'A JSON body is required.');
      const parsed = z.safeParse(schemas.body, present ? req.body : {});
      if (!parsed.success) return invalidRequest(res, parsed.error, 'body');
      input.body = parsed.data;
      req.body = parsed.data;
    }
    parsedInputs.set(req, input as unknown as ValidatedInput<T>);
    next();
  };
  return Object.assign(middleware, {
    input(req: Request): ValidatedInput<T> {
      const input = parsedInputs.get(req);
      if (!input) throw new Error('validate(): input() called for a request the middleware did not validate');
      return input;
    },
  });
}

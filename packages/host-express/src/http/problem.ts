import type { Problem } from '@client-portal/api-client';
import type { Response } from 'express';
import type { z } from 'zod';

/**
 * Answers with an RFC 9457 problem+json body (the contract's `problemSchema`). Errors are never
 * cached. `type` stays "about:blank" unless a problem has its own documentation URI.
 */
export function problem(
  res: Response,
  status: number,
  title: string,
  detail?: string,
  type = 'about:blank',
  errors?: Problem['errors'],
): void {
  const body: Problem = {
    type,
    title,
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(errors ? { errors } : {}),
  };
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('application/problem+json')
    .send(JSON.stringify(body));
}

/** The failing fields of a zod error as the problem's `errors` (paths and messages, never the values). */
export function problemErrors(error: z.core.$ZodError, limit = 10): NonNullable<Problem['errors']> {
  return error.issues.slice(0, limit).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** 400 for a request part that breaks its schema. */
export function invalidRequest(
  res: Response,
  error: z.core.$ZodError,
  where: 'body' | 'query string' | 'path',
): void {
  problem(res, 400, 'Bad Request', `The ${where} is invalid.`, 'about:blank', problemErrors(error));
}

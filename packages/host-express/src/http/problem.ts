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

/** Longest path or message in a problem's `errors`: zod names unknown keys, which the client chose. */
const ERROR_TEXT_LENGTH = 120;

const cut = (text: string) =>
  text.length > ERROR_TEXT_LENGTH ? `${text.slice(0, ERROR_TEXT_LENGTH)}…` : text;

/**
 * The failing fields of a zod error as the problem's `errors` (paths and messages, never the
 * values; a path or message that names a key the client sent is cut short).
 */
export function problemErrors(error: z.core.$ZodError, limit = 10): NonNullable<Problem['errors']> {
  return error.issues.slice(0, limit).map((issue) => ({
    path: cut(issue.path.map(String).join('.')),
    message: cut(issue.message),
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

import { z } from 'zod';
import { named } from './registry.js';

/** Calendar dates travel as `YYYY-MM-DD` (UTC): ranges and deal terms are days, not instants. */
export const isoDate = z.iso.date().describe('Calendar date, YYYY-MM-DD (UTC).');

export const isoDateTime = z.iso.datetime({ offset: true }).describe('Instant, RFC 3339 date-time.');

/**
 * A link the portal follows or downloads: absolute http(s), or a path on the host's own origin
 * (the host's signed file URLs are relative). Protocol-relative `//host` is refused: it would
 * silently leave the origin.
 */
export const linkUrl = z
  .string()
  .regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/)
  .describe('Absolute http(s) URL, or a path on the API origin starting with a single "/".');

/**
 * An image the portal renders in <img>: a link as above, or a base64 `data:image/…` URL, which
 * hosts use for small inlined logos and which lets Storybook fixtures render without a network.
 */
export const imageUrl = z
  .string()
  .regex(/^(https?:\/\/\S+|\/(?!\/)\S*|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/)
  .describe('Image URL: absolute http(s), a same-origin path, or a base64 data:image URL.');

/** A count of things: never negative, never fractional. */
export const count = z.number().int().nonnegative();

/** A share between 0 and 1 (rendered as a percentage by the portal). */
export const ratio = z.number().min(0).max(1);

/**
 * Jira project keys as requests carry them. Lenient on purpose: CRM data is hand-typed, and an
 * unknown key is answered 404 by the host, which is the contract's "not yours or not there".
 */
export const projectKeyParam = z.string().min(1).max(100).describe('Jira project key, e.g. "ACME".');

/**
 * Optional date range of the analytics routes. Both ends are inclusive calendar days; the host
 * queries the half-open interval [from, to + 1 day). Defaults: `to` = today, `from` = `to` − 89
 * days (the 90-day window DORA tooling uses). Longer than 3 years is refused with 400.
 */
export const analyticsRangeQuery = {
  from: isoDate.optional().describe('First day of the range (inclusive). Default: `to` − 89 days.'),
  to: isoDate.optional().describe('Last day of the range (inclusive). Default: today (UTC).'),
};

/** The range a response actually covers, after defaults were applied. */
export const dateRangeSchema = named(
  'DateRange',
  z
    .object({ from: isoDate, to: isoDate })
    .describe('Inclusive calendar-day range the response covers, defaults applied.'),
);

/**
 * RFC 9457 problem details: every error response of the API (content type
 * `application/problem+json`). `errors` lists the failing fields of a 400.
 */
export const problemSchema = named(
  'Problem',
  z
    .object({
      type: z
        .string()
        .describe('URI identifying the problem type; "about:blank" when only the status matters.'),
      title: z.string().describe('Short, human-readable summary of the problem type.'),
      status: z.number().int().min(400).max(599).describe('The HTTP status code, repeated.'),
      detail: z.string().optional().describe('Explanation specific to this occurrence.'),
      instance: z.string().optional().describe('URI of this occurrence (for support requests).'),
      errors: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .describe('For 400: each invalid field (dot path) and why.'),
    })
    .describe('application/problem+json error body (RFC 9457).'),
);

export type Problem = z.infer<typeof problemSchema>;
export type DateRange = z.infer<typeof dateRangeSchema>;

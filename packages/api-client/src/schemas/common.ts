import * as z from 'zod/mini';
import { MAX_RANGE_DAYS } from '../analytics-range.js';
import { described, named } from './registry.js';
import { MAX_REQUEST_DATE, MIN_REQUEST_DATE, requestDate } from './request-rules.js';

/** Calendar dates travel as `YYYY-MM-DD` (UTC): ranges and deal terms are days, not instants. */
export const isoDate = described(z.iso.date(), 'Calendar date, YYYY-MM-DD (UTC).');

export const isoDateTime = described(z.iso.datetime({ offset: true }), 'Instant, RFC 3339 date-time.');

/**
 * A link the portal follows or downloads: absolute http(s), or a path on the host's own origin
 * (the host's signed file URLs are relative). Protocol-relative `//host` is refused: it would
 * silently leave the origin.
 */
export const linkUrl = described(
  z.string().check(z.regex(/^(https?:\/\/\S+|\/(?!\/)\S*)$/)),
  'Absolute http(s) URL, or a path on the API origin starting with a single "/".',
);

/**
 * An image the portal renders in <img>: a link as above, or a base64 `data:image/…` URL, which
 * hosts use for small inlined logos and which lets Storybook fixtures render without a network.
 */
export const imageUrl = described(
  z
    .string()
    .check(
      z.regex(
        /^(https?:\/\/\S+|\/(?!\/)\S*|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/,
      ),
    ),
  'Image URL: absolute http(s), a same-origin path, or a base64 data:image URL.',
);

/**
 * An image the browser gets without asking anyone but the host: a path on the host's own origin
 * or a base64 `data:image/…` URL, never another site's address (which would tell that site who
 * looks at what, and fail offline).
 */
export const localImageUrl = described(
  z
    .string()
    .check(z.regex(/^(\/(?!\/)\S*|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/)),
  'Image URL on the API origin (a path starting with a single "/") or a base64 data:image URL; never another site’s.',
);

/** A count of things: never negative, never fractional. */
export const count = z.number().check(z.int(), z.nonnegative());

/** A share between 0 and 1 (rendered as a percentage by the portal). */
export const ratio = z.number().check(z.gte(0), z.lte(1));

/**
 * Optional date range of the analytics routes. Both ends are inclusive calendar days; the host
 * queries the half-open interval [from, to + 1 day). Defaults: `to` = today, `from` = `to` − 89
 * days (the 90-day window DORA tooling uses). Each end is a request date (2000-01-01 … 2099-12-31);
 * `from` after `to`, or a range longer than MAX_RANGE_DAYS (1096 days, 3 years), is refused with
 * 400. Query schemas that spread these fields add `.check(dateRangeCheck)`.
 */
export const analyticsRangeQuery = {
  from: described(
    z.optional(requestDate),
    `First day of the range (inclusive), ${MIN_REQUEST_DATE} … ${MAX_REQUEST_DATE}; not after \`to\`; the range spans at most ${MAX_RANGE_DAYS} days, both ends included. Default: \`to\` − 89 days.`,
  ),
  to: described(
    z.optional(requestDate),
    `Last day of the range (inclusive), ${MIN_REQUEST_DATE} … ${MAX_REQUEST_DATE}. Default: today (UTC).`,
  ),
};

/** The range a response actually covers, after defaults were applied. */
export const dateRangeSchema = named(
  'DateRange',
  described(
    z.object({ from: isoDate, to: isoDate }),
    'Inclusive calendar-day range the response covers, defaults applied.',
  ),
);

/**
 * RFC 9457 problem details: every error response of the API (content type
 * `application/problem+json`). `errors` lists the failing fields of a 400.
 */
export const problemSchema = named(
  'Problem',
  described(
    z.object({
      type: described(
        z.string(),
        'URI identifying the problem type; "about:blank" when only the status matters.',
      ),
      title: described(z.string(), 'Short, human-readable summary of the problem type.'),
      status: described(z.number().check(z.int(), z.gte(400), z.lte(599)), 'The HTTP status code, repeated.'),
      detail: described(z.optional(z.string()), 'Explanation specific to this occurrence.'),
      instance: described(z.optional(z.string()), 'URI of this occurrence (for support requests).'),
      errors: described(
        z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
        'For 400: each invalid field (dot path) and why.',
      ),
    }),
    'application/problem+json error body (RFC 9457).',
  ),
);

export type Problem = z.infer<typeof problemSchema>;
export type DateRange = z.infer<typeof dateRangeSchema>;

import { type Kysely, sql } from 'kysely';
import { isIPv4, isIPv6 } from 'node:net';
import type { BackoffRule, RateLimitRule } from './config.js';
import type { Database } from '../store/schema.js';

/**
 * Fixed-window counters in the `rate_limits` table, so every host instance behind a load balancer
 * shares them. One upsert per hit: atomic on PostgreSQL, no read-then-write race.
 */

export interface RateLimitVerdict {
  allowed: boolean;
  /** Whole seconds until the window resets (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const staleBefore = new Date(now.getTime() - windowMs);
  const expired = sql<boolean>`rate_limits.window_started_at <= ${staleBefore}::timestamptz`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        window_started_at: sql`case when ${expired} then ${now}::timestamptz else rate_limits.window_started_at end`,
        hits: sql`case when ${expired} then 1 else rate_limits.hits + 1 end`,
      }),
    )
    .returning(['window_started_at', 'hits'])
    .executeTakeFirstOrThrow();
  if (row.hits <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const resetsAt = new Date(row.window_started_at).getTime() + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

/**
 * Exponential backoff per key in the same table (`window_started_at` is the last counted attempt,
 * `hits` the attempts counted since the count last started over): `rule.free` attempts pass; after
 * that an attempt passes only once `baseSeconds · 2^(hits − free)` (at most `maxSeconds`) have gone
 * by since the last one, and each that passes doubles the next wait. `resetSeconds` after the last
 * attempt the count starts over. Refused attempts change nothing, so waiting always helps. One
 * atomic upsert: concurrent attempts are counted one by one, so a burst gets no more through.
 */
export async function hitBackoff(
  db: Kysely<Database>,
  key: string,
  rule: BackoffRule,
  now: Date,
): Promise<RateLimitVerdict> {
  const last = sql.ref('rate_limits.window_started_at');
  const hits = sql.ref('rate_limits.hits');
  const delay = sql`make_interval(secs => least(${rule.baseSeconds}::float8 * power(2::float8, (${hits} - ${rule.free})::float8), ${rule.maxSeconds}::float8))`;
  const expired = sql<boolean>`${last} <= ${new Date(now.getTime() - rule.resetSeconds * 1000)}::timestamptz`;
  // A refused attempt updates nothing, so nothing is returned.
  const counted = await db
    .insertInto('rate_limits')
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          hits: sql`case when ${expired} then 1 else ${hits} + 1 end`,
          window_started_at: now,
        })
        .where(
          sql<boolean>`${expired} or ${hits} < ${rule.free} or ${now}::timestamptz >= ${last} + ${delay}`,
        ),
    )
    .returning('hits')
    .executeTakeFirst();
  if (counted) return { allowed: true, retryAfterSeconds: 0 };
  const row = await db
    .selectFrom('rate_limits')
    .select(['window_started_at', 'hits'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const waitMs = Math.min(rule.baseSeconds * 2 ** (row.hits - rule.free), rule.maxSeconds) * 1000;
  const retryAt = new Date(row.window_started_at).getTime() + waitMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
}

/** Takes back one hit (an attempt that turned out to be legitimate, e.g. a successful sign-in). */
export async function refundRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

/**
 * Where attempts come from, for throttling: the IPv4 address, or the /64 network of an IPv6
 * address (one subscriber's usual allocation, so rotating addresses within it does not help).
 */
export function sourceOf(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export async function clearRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes counters whose window ended long ago; for a periodic job. */
export async function pruneRateLimits(
  db: Kysely<Database>,
  now: Date,
  olderThanSeconds: number,
): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', new Date(now.getTime() - olderThanSeconds * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { type Kysely, sql } from 'kysely';
import type { RateLimitRule } from './config.js';
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

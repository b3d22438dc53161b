import { randomBytes } from 'node:crypto';
import { safeReturnTo, signInRequestSchema, signInResponseSchema } from '@client-portal/api-client';
import type { RequestHandler, Response } from 'express';
import { writeAudit } from '../store/audit-log.js';
import { portalStartOf } from './config.js';
import type { AuthContext } from './context.js';
import { hashPassword, verifyPassword } from '../store/passwords.js';
import { answeredByDeadline, extendDeadline, SIGN_IN_TIMEOUT_MS } from '../http/limits.js';
import { invalidRequest, problem } from '../http/problem.js';
import { PasswordQueue, PasswordQueueFullError } from './password-queue.js';
import { clearRateLimit, hitBackoff, hitRateLimit, refundRateLimit, sourceOf } from './rate-limits.js';
import { beginSession, sessionUserOf } from './sign-in-session.js';

/** The contract's wording; the same for every wrong email, wrong password or disabled account. */
export const WRONG_CREDENTIALS = 'Email or password is incorrect.';

function tooManyAttempts(res: Response, retryAfterSeconds: number): void {
  res.set('Retry-After', String(retryAfterSeconds));
  problem(res, 429, 'Too Many Requests', 'Too many sign-in attempts. Try again later.');
}

let dummy: Promise<string> | undefined;

/** A hash of a random password with the store's current cost, made once per process (at start). */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64'));
  return dummy;
}

/**
 * POST /api/auth/login (local mode). Two throttles, both counted before the password is checked
 * (a refused attempt costs no scrypt work, and concurrent guesses are counted one by one):
 * - per account and source together (rateLimits.signInPerAccountSource): after a few failures
 *   each further attempt from that source waits twice as long as the last. Guessing from one
 *   place slows to a crawl, while the customer, signing in from anywhere else, is never locked out;
 * - per source (signInPerIp), across accounts: a success is taken back, so an office behind one
 *   address is not limited by its own colleagues, only by failures.
 * A success clears the account-and-source backoff. Unknown emails and accounts without a password
 * verify against a dummy hash, so response time does not reveal which accounts exist.
 */
export function createLocalSignIn(ctx: AuthContext): RequestHandler {
  if (ctx.config.mode === 'local') dummyHash().catch(() => undefined);
  const passwords = new PasswordQueue();
  return async (req, res) => {
    if (ctx.config.mode !== 'local') {
      problem(res, 404, 'Not Found', 'Password sign-in is not enabled; use single sign-on.');
      return;
    }
    const parsed = signInRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      invalidRequest(res, parsed.error, 'body');
      return;
    }
    const email = parsed.data.email.trim().toLowerCase();
    const ip = req.ip ?? null;
    const source = sourceOf(ip);
    const now = ctx.now();
    const accountKey = `sign-in:account-source:${email}\n${source}`;
    const sourceKey = `sign-in:source:${source}`;
    const { signInPerAccountSource, signInPerIp } = ctx.config.rateLimits;
    // The account's backoff is not touched by an attempt the source's limit refuses.
    let verdict = await hitRateLimit(ctx.db, sourceKey, signInPerIp, now);
    if (verdict.allowed) verdict = await hitBackoff(ctx.db, accountKey, signInPerAccountSource, now);
    if (!verdict.allowed) {
      ctx.logger.warn({ ip, event: 'auth.sign_in_rate_limited' }, 'sign-in attempts rate limited');
      tooManyAttempts(res, verdict.retryAfterSeconds);
      return;
    }

    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'display_name', 'password_hash', 'company_id', 'role', 'disabled_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    // Password checks wait their turn (password-queue.ts): a burst of sign-ins is served in order,
    // so a sign-in may wait longer than the usual request deadline.
    extendDeadline(res, SIGN_IN_TIMEOUT_MS);
    const stored = user?.password_hash ?? (await dummyHash());
    let passwordOk: boolean;
    try {
      passwordOk = await passwords.run(() => verifyPassword(parsed.data.password, stored));
    } catch (error) {
      if (!(error instanceof PasswordQueueFullError)) throw error;
      res.set('Retry-After', '5');
      problem(res, 503, 'Service Unavailable', 'Too many sign-ins at once. Try again shortly.');
      return;
    }
    // Nobody waits for this answer any more: sign nobody in (no session without its cookie).
    if (answeredByDeadline(res)) return;
    const failure = !user
      ? 'unknown_account'
      : !user.password_hash
        ? 'no_password'
        : !passwordOk
          ? 'wrong_password'
          : user.disabled_at
            ? 'disabled'
            : null;
    if (!user || failure) {
      await writeAudit(ctx.db, {
        action: 'auth.sign_in_failed',
        at: now,
        actorUserId: user?.id ?? null,
        companyId: user?.company_id ?? null,
        ip,
        detail: { method: 'local', reason: failure, email: email.slice(0, 320) },
      });
      problem(res, 401, 'Unauthorized', WRONG_CREDENTIALS);
      return;
    }

    await beginSession(req, res, ctx, user, 'local');
    await clearRateLimit(ctx.db, accountKey);
    await refundRateLimit(ctx.db, sourceKey);
    res.set('Cache-Control', 'no-store');
    res.json(
      signInResponseSchema.parse({
        // As /api/auth/me will answer: staff start without a company to act for.
        user: {
          ...sessionUserOf({ id: user.id, email: user.email, name: user.display_name }),
          role: user.role,
          companyId: user.role === 'staff' ? null : user.company_id,
        },
        returnTo: safeReturnTo(parsed.data.returnTo, portalStartOf(ctx.config)),
      }),
    );
  };
}

import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { precompiled } from '../store/precompiled.js';
import type { Database } from '../store/schema.js';
import { type Caching, type PreparedJson, prepareJson, sendPreparedJson } from './send-json.js';

/**
 * The version of what company `companyId` reads: its own row of read_versions plus the row of
 * shared data ('*'). Every row only grows, so any change to either changes the sum.
 */
const companyVersion = precompiled(
  ['companyId'],
  (_db, { companyId }: { companyId: string }) =>
    sql<{ version: string }>`select coalesce(sum(version), 0)::text as version
    from read_versions where scope = any(array[${companyId}::text, '*'])`,
);

interface ProjectArgs {
  companyId: string;
  jiraKey: string;
  from: string;
  to: string;
}

/**
 * The version of what an answer about one project and range reads: the company's (the project
 * row, its repositories…), the project's (scope `company/project`) and each day's of the range.
 * All only grow, so a write to any of them changes the sum; a write to another project, or to a
 * day outside the range, does not (http/read-versions.ts).
 */
const projectVersion = precompiled(
  ['companyId', 'jiraKey', 'from', 'to'],
  (_db, args: ProjectArgs) =>
    sql<{ version: string }>`with p as (select id from projects
        where company_id = ${args.companyId} and jira_key = ${args.jiraKey})
    select (
      coalesce((select sum(version) from read_versions
        where scope = any(array[${args.companyId}::text, '*'])), 0)
      + coalesce((select sum(version) from read_versions
        where scope = ${args.companyId} || '/' || (select id from p)), 0)
      + coalesce((select sum(version) from read_day_versions
        where company_id = ${args.companyId} and project_id = (select id from p)
          and day >= ${args.from}::date and day <= ${args.to}::date), 0)
    )::text as version`,
);

/**
 * An answer that holds only until `at`, e.g. a knowledge-base list while an article is scheduled
 * to be published then (null: until the data changes). Return it from `compute`.
 */
export class Expiring {
  constructor(
    readonly body: unknown,
    readonly at: Date | null,
  ) {}
}

interface Entry extends PreparedJson {
  /** The read version the body was computed at (or later: the version is read first). */
  version: string;
  /** Epoch ms from which the entry is not served (Infinity: until the data changes). */
  expiresAt: number;
  /** What the entry holds in memory, roughly: body, key and bookkeeping. */
  bytes: number;
}

/** Fixed cost of an entry beyond its body and key (Map slot, object, ETag, version). */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Kept answers from this size on are also kept gzip-compressed (once, off the event loop) and sent
 * so to clients that accept it: a 90-day AI usage answer is ~44 KB of JSON and ~5 KB gzipped.
 */
export const GZIP_MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);

export interface ResponseCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export interface CachedRequest {
  /** Whose data: the session's company (the version read is that company's). */
  companyId: string;
  /**
   * For an answer about one project's delivery data (DORA, the project card): the project and the
   * days it reads. Its version is then the company's, the project's and those days' (a write to
   * another project or outside the days leaves it kept); without it, the company's.
   */
  project?: { jiraKey: string; from: string; to: string };
  /**
   * Everything else the answer depends on: the route and its resolved inputs (a date range
   * resolved against today, not the raw query). Two requests with the same company and key must
   * get the same body for the same data.
   */
  key: string;
  caching: Caching;
}

/**
 * The JSON answers of the read routes (analytics, talent, teams, documents, knowledge base), kept in
 * memory and served again while the data they came from is unchanged.
 *
 * Never stale: every request reads the version of what it answers from (its company's, or for a
 * project's delivery answers the company's, the project's and the range's days': http/read-versions.ts
 * says which writes change which; kept up to date by triggers in the writers' transactions, whichever
 * process writes), and an
 * entry is served only at the version it was computed at. The version is read before the answer is
 * computed, so an entry is never older than its version. Requests that miss the same entry at the
 * same time share one computation.
 *
 * Answers of GZIP_MIN_BYTES or more are kept gzip-compressed too, for clients that accept it.
 *
 * Bounded: entries beyond `maxBytes` go least recently used first; an answer larger than an eighth
 * of the budget is sent but not kept. `maxBytes` 0 turns the cache off (no version read either).
 */
export class ResponseCache {
  /** Least recently used out first, by `Entry.bytes`; null when the cache is off. */
  readonly #entries: LRUCache<string, Entry> | null;
  readonly #pending = new Map<string, Promise<Entry | null>>();
  #hits = 0;
  #misses = 0;

  constructor(
    readonly db: Kysely<Database>,
    readonly maxBytes: number,
    /** The host's clock (for Expiring answers). */
    readonly now: () => Date = () => new Date(),
  ) {
    this.#entries =
      maxBytes > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            maxEntrySize: maxBytes / 8,
            sizeCalculation: (entry) => entry.bytes,
          })
        : null;
  }

  /** Whether answers are kept (a budget above 0): Expiring's time is needed only then. */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  stats(): ResponseCacheStats {
    const entries = this.#entries;
    return {
      hits: this.#hits,
      misses: this.#misses,
      entries: entries?.size ?? 0,
      bytes: entries?.calculatedSize ?? 0,
    };
  }

  /**
   * Sends the answer for `request`: the kept one when its data is unchanged, else `compute()`'s
   * (kept for the next request). Resolves false, having sent nothing, when `compute` resolves null
   * (the caller answers 404); such answers are not kept.
   */
  async send(
    req: Request,
    res: Response,
    request: CachedRequest,
    compute: () => Promise<unknown>,
  ): Promise<boolean> {
    const entries = this.#entries;
    if (entries === null) {
      const result = await compute();
      if (result === null) return false;
      const body = result instanceof Expiring ? result.body : result;
      sendPreparedJson(req, res, prepareJson(body), request.caching);
      return true;
    }
    const [row] = request.project
      ? await projectVersion(this.db, { companyId: request.companyId, ...request.project })
      : await companyVersion(this.db, { companyId: request.companyId });
    const version = row?.version ?? '0';
    const key = `${request.companyId}\n${request.key}`;
    let entry = entries.get(key);
    if (entry !== undefined && entry.version === version && this.now().getTime() < entry.expiresAt) {
      this.#hits += 1;
    } else {
      this.#misses += 1;
      // Computed from data that has changed since (or expired): never served again.
      if (entry !== undefined) entries.delete(key);
      entry = (await this.#compute(entries, key, version, compute)) ?? undefined;
      if (entry === undefined) return false;
    }
    sendPreparedJson(req, res, entry, request.caching);
    return true;
  }

  #compute(
    entries: LRUCache<string, Entry>,
    key: string,
    version: string,
    compute: () => Promise<unknown>,
  ): Promise<Entry | null> {
    const pendingKey = `${version}\n${key}`;
    let pending = this.#pending.get(pendingKey);
    if (pending === undefined) {
      pending = compute()
        .then(async (result) => {
          if (result === null) return null;
          const expiring = result instanceof Expiring ? result : null;
          const prepared = prepareJson(expiring ? expiring.body : result);
          if (prepared.body.length >= GZIP_MIN_BYTES) {
            prepared.gzip = await gzipAsync(prepared.body, { level: constants.Z_BEST_COMPRESSION });
          }
          const entry: Entry = {
            ...prepared,
            version,
            expiresAt: expiring?.at ? expiring.at.getTime() : Number.POSITIVE_INFINITY,
            bytes:
              prepared.body.length + (prepared.gzip?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD_BYTES,
          };
          // A slower computation at an older version must not replace a newer answer.
          const current = entries.peek(key);
          if (current === undefined || BigInt(current.version) <= BigInt(entry.version))
            entries.set(key, entry);
          return entry;
        })
        .finally(() => this.#pending.delete(pendingKey));
      this.#pending.set(pendingKey, pending);
    }
    return pending;
  }
}

import type { ArticleSummary } from '@client-portal/api-client';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { precompiled, precompiledJsonRows } from '../store/precompiled.js';
import type { Database } from '../store/schema.js';
import { MAX_LIST_ROWS } from '../http/limits.js';

/**
 * The knowledge base's queries. An article is visible when it is published
 * (published_at ≤ now; null is a draft) and public (company_id null) or the caller's company's.
 * Anything else answers 404 as if it did not exist.
 *
 * Search is PostgreSQL full-text search (English configuration, on PGlite and PostgreSQL alike):
 * `websearch_to_tsquery` (never a syntax error, whatever the user types) against title (weight
 * A), summary and tags (B) and body (C), ranked by ts_rank; a case-insensitive substring match of
 * the whole query in title, summary or tags also matches and adds to the rank, so partial words
 * ("dor" → DORA) and stop words still find something.
 */

/** Search answers at most this many articles, best first. */
export const MAX_RESULTS = 50;
const WORDS_PER_MINUTE = 200;

type Articles = SelectQueryBuilder<Database, 'kb_articles', object>;

function visible(query: Articles, companyId: string, now: Date): Articles {
  return query
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]));
}

function summaryColumns(eb: ExpressionBuilder<Database, 'kb_articles'>) {
  return [
    eb.ref('id').as('id'),
    eb.ref('slug').as('slug'),
    eb.ref('title').as('title'),
    eb.ref('summary').as('summary'),
    eb.ref('category').as('category'),
    eb.ref('tags').as('tags'),
    eb.ref('updated_at').as('updated_at'),
    eb.ref('word_count').as('words'),
  ] as const;
}

export interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  /** A Date, or its ISO text when the rows come as JSON. */
  updated_at: Date | string;
  words: number;
}

export function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    tags: row.tags,
    updatedAt: new Date(row.updated_at).toISOString(),
    readingMinutes: Math.max(1, Math.round(Number(row.words) / WORDS_PER_MINUTE)),
  };
}

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

export interface Visibility {
  companyId: string;
  now: Date;
}

const articlesOf = (db: Kysely<Database>, { companyId, now }: Visibility) =>
  visible(db.selectFrom('kb_articles'), companyId, now);

/** Every article the company sees (sorted in the handler: alphabetical order is the host's). */
export const visibleArticles = precompiledJsonRows(['companyId', 'now'], (db, args: Visibility) =>
  articlesOf(db, args).select(summaryColumns).limit(MAX_LIST_ROWS),
);

export const searchArticles = precompiledJsonRows(
  ['companyId', 'now', 'q', 'pattern'],
  (db, { q, pattern, ...visibility }: Visibility & { q: string; pattern: string }) => {
    const tsQuery = sql`websearch_to_tsquery('english', ${q})`;
    // Stored and indexed (migration 0003): title A, summary and tags B, body C.
    const document = sql`search_document`;
    const inTitle = sql<boolean>`title ilike ${pattern}`;
    const inSummary = sql<boolean>`(summary ilike ${pattern} or array_to_string(tags, ' ') ilike ${pattern})`;
    return articlesOf(db, visibility)
      .where(sql<boolean>`(${document} @@ ${tsQuery} or ${inTitle} or ${inSummary})`)
      .select(summaryColumns)
      .select([
        'body_markdown',
        sql<number>`ts_rank(${document}, ${tsQuery})
          + case when ${inTitle} then 1 else 0 end
          + case when ${inSummary} then 0.5 else 0 end`.as('score'),
      ])
      .orderBy('score', 'desc')
      .orderBy('title')
      .orderBy('id')
      .limit(MAX_RESULTS);
  },
  // The query's own order (best first), kept through the aggregate.
  { orderBy: 'q.score desc, q.title, q.id' },
);

export const articleBySlug = precompiled(
  ['companyId', 'now', 'slug'],
  (db, { slug, ...visibility }: Visibility & { slug: string }) =>
    articlesOf(db, visibility)
      .where('slug', '=', slug)
      .select(summaryColumns)
      .select('body_markdown')
      // A company's own article wins over a public one with the same slug.
      .orderBy(sql`company_id is null`)
      .limit(1),
);

/**
 * When the company's view changes without a write: the next scheduled publication after `now`
 * (null: none scheduled). Answers computed now hold until then (see Expiring).
 */
export const nextPublication = precompiled(['companyId', 'now'], (db, { companyId, now }: Visibility) =>
  db
    .selectFrom('kb_articles')
    .select((eb) => eb.fn.min('published_at').as('at'))
    .where('published_at', '>', now)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)])),
);

import { type ArticleSummary, routes } from '@client-portal/api-client';
import { type Request, type Response, type Router, Router as createRouter } from 'express';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { HostContext } from '../context.js';
import { problem } from '../http/problem.js';
import { Expiring } from '../http/response-cache.js';
import { validate } from '../http/validate.js';
import { precompiled, precompiledJsonRows } from '../store/precompiled.js';
import type { Database } from '../store/schema.js';
import { alphabetical } from './customer/crm-values.js';
import { requireCompany, scopeOf } from './scope.js';

/**
 * GET /api/knowledge-base/articles[?category=], /api/knowledge-base/search?q=,
 * /api/knowledge-base/articles/{slug}. An article is visible when it is published
 * (published_at ≤ now; null is a draft) and public (company_id null) or the caller's company's.
 * Anything else answers 404 as if it did not exist.
 *
 * Search is PostgreSQL full-text search (English configuration, on PGlite and PostgreSQL alike):
 * `websearch_to_tsquery` (never a syntax error, whatever the user types) against title (weight
 * A), summary and tags (B) and body (C), ranked by ts_rank; a case-insensitive substring match of
 * the whole query in title, summary or tags also matches and adds to the rank, so partial words
 * ("dor" → DORA) and stop words still find something.
 */

const MAX_RESULTS = 50;
const WORDS_PER_MINUTE = 200;

const pathOf = (route: { path: string }) => route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

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

interface SummaryRow {
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

function toSummary(row: SummaryRow): ArticleSummary {
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

/** Markdown as plain text for snippets (the portal shows them as text). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/`{3}[^\n]*\n?/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`~]+/g, '')
    .replace(/[#>|]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Plain texts by markdown: stripping a body's markdown (a dozen regular expressions over the whole
 * body) was the knowledge-base search's largest cost in the host, and the same articles are found
 * again and again. Keyed by the body itself, so an edited body is never served stale. Bounded.
 */
const plainTexts = new Map<string, string>();

function plainTextOf(markdown: string): string {
  let text = plainTexts.get(markdown);
  if (text === undefined) {
    text = plainText(markdown);
    if (plainTexts.size >= 500) plainTexts.clear();
    plainTexts.set(markdown, text);
  }
  return text;
}

const SNIPPET_LENGTH = 160;

function firstIndex(text: string, words: readonly string[]): number {
  let at = -1;
  for (const word of words) {
    const index = text.indexOf(word);
    if (index >= 0 && (at < 0 || index < at)) at = index;
  }
  return at;
}

/** About 160 characters of `text` around the first word of `query` found in it. */
export function snippetOf(text: string, query: string): string {
  const lower = text.toLowerCase();
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 2 && word !== 'or');
  // The words, else their stem-ish prefixes ("deployments" → "deploym"): full-text search stems.
  let at = firstIndex(lower, words);
  if (at < 0)
    at = firstIndex(
      lower,
      words.map((w) => w.slice(0, Math.max(3, w.length - 3))),
    );
  let start = Math.max(0, at - 60);
  if (start > 0) {
    // Start at a word boundary before the match.
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

interface Visibility {
  companyId: string;
  now: Date;
}

const articlesOf = (db: Kysely<Database>, { companyId, now }: Visibility) =>
  visible(db.selectFrom('kb_articles'), companyId, now);

/** Every article the company sees (sorted in the handler: alphabetical order is the host's). */
const visibleArticles = precompiledJsonRows(['companyId', 'now'], (db, args: Visibility) =>
  articlesOf(db, args).select(summaryColumns),
);

const searchArticles = precompiledJsonRows(
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

const articleBySlug = precompiled(
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
const nextPublication = precompiled(['companyId', 'now'], (db, { companyId, now }: Visibility) =>
  db
    .selectFrom('kb_articles')
    .select((eb) => eb.fn.min('published_at').as('at'))
    .where('published_at', '>', now)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)])),
);

export function createKnowledgeBaseRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const guards = [ctx.auth.requireSession, requireCompany];

  /**
   * Sends what `compute` gives (null: 404) through the response cache, until the company's data
   * changes or the next scheduled article is published, whichever comes first.
   */
  async function answer(
    req: Request,
    res: Response,
    key: readonly unknown[],
    compute: (visibility: Visibility) => Promise<unknown>,
  ): Promise<boolean> {
    const { companyId } = scopeOf(req);
    const request = { companyId, key: JSON.stringify(key), caching: 'no-store' } as const;
    return ctx.responses.send(req, res, request, async () => {
      const visibility = { companyId, now: ctx.now() };
      if (!ctx.responses.enabled) return compute(visibility);
      const [body, [next]] = await Promise.all([compute(visibility), nextPublication(db, visibility)]);
      return body === null ? null : new Expiring(body, next?.at ? new Date(next.at) : null);
    });
  }

  const listInput = validate(routes.knowledgeBase);
  router.get(pathOf(routes.knowledgeBase), ...guards, listInput, async (req, res) => {
    const { category } = listInput.input(req).query;
    await answer(req, res, ['articles', category ?? null], async (visibility) => {
      const articles = (await visibleArticles(db, visibility))
        .map(toSummary)
        .sort((a, b) => alphabetical(a.category, b.category) || alphabetical(a.title, b.title));
      return {
        articles: category === undefined ? articles : articles.filter((a) => a.category === category),
        categories: [...new Set(articles.map((a) => a.category))].sort(alphabetical),
      };
    });
  });

  const searchInput = validate(routes.knowledgeBaseSearch);
  router.get(pathOf(routes.knowledgeBaseSearch), ...guards, searchInput, async (req, res) => {
    const q = searchInput.input(req).query.q;
    await answer(req, res, ['search', q], async (visibility) => {
      const rows = await searchArticles(db, { ...visibility, q, pattern: `%${escapeLike(q)}%` });
      return {
        query: q,
        results: rows.map((row) => ({
          article: toSummary(row),
          snippet: snippetOf(plainTextOf(row.body_markdown), q),
        })),
      };
    });
  });

  const articleInput = validate(routes.knowledgeBaseArticle);
  router.get(pathOf(routes.knowledgeBaseArticle), ...guards, articleInput, async (req, res) => {
    const { slug } = articleInput.input(req).params;
    const found = await answer(req, res, ['article', slug], async (visibility) => {
      const [row] = await articleBySlug(db, { ...visibility, slug });
      return row ? { article: { ...toSummary(row), body: row.body_markdown } } : null;
    });
    if (!found) problem(res, 404, 'Not Found', 'No such article.');
  });

  return router;
}

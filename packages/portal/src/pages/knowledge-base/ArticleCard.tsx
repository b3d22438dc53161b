import type { ArticleSummary } from '@client-portal/api-client';
import { Badge, Card, visuallyHidden } from '@client-portal/ui';
import { Link as RouterLink } from 'wouter';
import { useI18n } from '../../i18n/I18nProvider.js';
import { dateLocaleFor } from '../../i18n/dates.js';
import { formatDateShort } from '../../lib/dates.js';
import * as styles from './KnowledgeBasePage.css.js';
import { articleHref } from './knowledgeBaseAddress.js';

/** Category, last update and reading time: the line under a title. */
export function ArticleMeta({ article }: { article: ArticleSummary }) {
  const { t, locale } = useI18n();
  const date = formatDateShort(article.updatedAt, dateLocaleFor(locale));
  return (
    <p className={styles.meta}>
      <Badge size="sm">
        <span className={visuallyHidden}>
          {t('page.knowledgeBase.article.category', { category: article.category })}
        </span>
        <span aria-hidden="true">{article.category}</span>
      </Badge>
      {date ? (
        <time dateTime={article.updatedAt}>{t('page.knowledgeBase.article.updated', { date })}</time>
      ) : null}
      <span>{t('page.knowledgeBase.article.readingTime', { minutes: article.readingMinutes })}</span>
    </p>
  );
}

/**
 * An article in a list: its title links to it (the whole card is the link), then its summary (or,
 * among search results, the text around the match) and meta.
 */
export function ArticleCard({ article, snippet }: { article: ArticleSummary; snippet?: string }) {
  return (
    <li className={styles.cardItem}>
      <Card
        as="article"
        headingLevel={3}
        className={styles.card}
        title={
          <RouterLink href={articleHref(article.slug)} className={styles.cardLink} dir="auto">
            {article.title}
          </RouterLink>
        }
        description={<span dir="auto">{snippet || article.summary}</span>}
      >
        <ArticleMeta article={article} />
      </Card>
    </li>
  );
}

import type { Article } from '@client-portal/api-client';
import { Card, EmptyState, Icon, Link, Skeleton, SkeletonText } from '@client-portal/ui';
import { ArrowLeft, FileQuestionMark } from 'lucide-react';
import { useId } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { ArticleMeta } from './ArticleCard.js';
import { ArticleContent } from './ArticleContent.js';
import * as styles from './KnowledgeBasePage.css.js';
import { Busy, LoadError } from './LoadState.js';
import { otherArticles } from './articleGroups.js';
import { articleHref, KNOWLEDGE_BASE_PATH } from './knowledgeBaseAddress.js';
import { usePageTitle } from '../usePageTitle.js';
import { isNotFound, useArticle, useArticles } from './useKnowledgeBase.js';

/** "All articles": back to the list, inside the portal's router. */
export function BackLink() {
  const { t } = useI18n();
  return (
    <RouterLink href={KNOWLEDGE_BASE_PATH} asChild>
      <Link
        href={KNOWLEDGE_BASE_PATH}
        variant="standalone"
        className={styles.backLink}
        iconStart={<Icon icon={ArrowLeft} size="sm" className={styles.backIcon} />}
      >
        {t('page.knowledgeBase.article.back')}
      </Link>
    </RouterLink>
  );
}

/** Other articles of the same category; nothing when there are none or they cannot be loaded. */
function MoreInCategory({ article }: { article: Article }) {
  const { t } = useI18n();
  const id = useId();
  const list = useArticles(article.category);
  // Not another category's list kept while this one loads.
  const more = list.isPlaceholderData ? [] : otherArticles(list.data?.articles ?? [], article.slug);
  if (more.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {t('page.knowledgeBase.article.more', { category: article.category })}
      </h2>
      <ul className={styles.moreList}>
        {more.map((other) => (
          <li key={other.id}>
            <RouterLink href={articleHref(other.slug)} asChild>
              <Link href={articleHref(other.slug)}>{other.title}</Link>
            </RouterLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page at an address that has no article: the list is one link away. */
export function ArticleNotFound() {
  const { t } = useI18n();
  usePageTitle(t('page.knowledgeBase.article.notFound.title'));
  return (
    <Page title={t('page.knowledgeBase.title')}>
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={FileQuestionMark} size="lg" />}
        title={t('page.knowledgeBase.article.notFound.title')}
        description={t('page.knowledgeBase.article.notFound.body')}
        action={<BackLink />}
      />
    </Page>
  );
}

/** One article: title (the page's h1), back link, meta, content, more of its category. */
export function ArticleView({ slug }: { slug: string }) {
  const { t } = useI18n();
  const article = useArticle(slug);
  const pageTitle = t('page.knowledgeBase.title');
  const data = article.data?.article;
  usePageTitle(data ? t('page.knowledgeBase.documentTitle', { title: data.title }) : pageTitle);

  if (article.isError && isNotFound(article.error)) return <ArticleNotFound />;
  if (!data) {
    return (
      <Page title={pageTitle}>
        <div className={styles.stack}>
          <BackLink />
          {article.isError ? (
            <LoadError
              title={t('page.knowledgeBase.article.error.title')}
              error={article.error}
              onRetry={() => void article.refetch()}
              retrying={article.isFetching}
            />
          ) : (
            <Busy status={t('page.knowledgeBase.article.loading')}>
              <Skeleton height={28} width="60%" />
              <Skeleton height={14} width="40%" />
              <SkeletonText lines={8} />
            </Busy>
          )}
        </div>
      </Page>
    );
  }
  return (
    <Page title={data.title}>
      <div className={styles.stack}>
        <BackLink />
        <ArticleMeta article={data} />
        <Card as="div" padding="lg">
          <ArticleContent markdown={data.body} />
        </Card>
        <MoreInCategory article={data} />
      </div>
    </Page>
  );
}

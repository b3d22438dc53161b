import { EmptyState, Icon, visuallyHidden } from '@client-portal/ui';
import { BookOpen, SearchX } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { Page } from '../Page.js';
import { ArticleCard } from './ArticleCard.js';
import { CategoryFilter } from './CategoryFilter.js';
import * as styles from './KnowledgeBasePage.css.js';
import { Busy, CardSkeletons, LoadError } from './LoadState.js';
import { SearchBox } from './SearchBox.js';
import { groupByCategory, resultsInCategory } from './articleGroups.js';
import { usePageTitle } from '../usePageTitle.js';
import { useArticleSearch, useArticles } from './useKnowledgeBase.js';
import { useListAddress } from './useListAddress.js';

/** A titled group of article cards. */
function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.cards}>{children}</ul>
    </section>
  );
}

/** Every article (or a category's), grouped by category. */
function BrowseResults({ category }: { category: string | undefined }) {
  const { t } = useI18n();
  const articles = useArticles(category);
  if (articles.isPending) {
    return (
      <Busy status={t('page.knowledgeBase.list.loading')}>
        <CardSkeletons />
      </Busy>
    );
  }
  if (articles.isError) {
    return (
      <LoadError
        title={t('page.knowledgeBase.list.error.title')}
        error={articles.error}
        onRetry={() => void articles.refetch()}
        retrying={articles.isFetching}
      />
    );
  }
  const list = articles.data.articles;
  if (list.length === 0) {
    return category ? (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={BookOpen} size="lg" />}
        title={t('page.knowledgeBase.emptyCategory.title', { category })}
        description={t('page.knowledgeBase.emptyCategory.body')}
      />
    ) : (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={BookOpen} size="lg" />}
        title={t('page.knowledgeBase.empty.title')}
        description={t('page.knowledgeBase.empty.body')}
      />
    );
  }
  return (
    <div className={styles.stack} aria-busy={articles.isPlaceholderData || undefined}>
      <p role="status" className={visuallyHidden}>
        {t('page.knowledgeBase.list.count', { count: list.length })}
      </p>
      {groupByCategory(list).map((group) => (
        <CardSection key={group.category} title={group.category}>
          {group.articles.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </CardSection>
      ))}
    </div>
  );
}

/** Search results for `term`, best match first, within the chosen category. */
function SearchResults({
  term,
  category,
  onClear,
  onAllCategories,
}: {
  term: string;
  category: string | undefined;
  onClear: () => void;
  onAllCategories: () => void;
}) {
  const { t } = useI18n();
  const search = useArticleSearch(term);
  if (search.isPending) {
    return (
      <Busy status={t('page.knowledgeBase.search.searching', { query: term })}>
        <CardSkeletons count={3} />
      </Busy>
    );
  }
  if (search.isError) {
    return (
      <LoadError
        title={t('page.knowledgeBase.search.error.title')}
        error={search.error}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  }
  // While the next term loads, the previous results stay, marked busy, under the new term's name.
  const shownTerm = search.data.query || term;
  const results = resultsInCategory(search.data.results, category);
  const heading = t('page.knowledgeBase.search.results', { query: shownTerm, count: results.length });
  return (
    <div className={styles.stack} aria-busy={search.isPlaceholderData || undefined}>
      <p role="status" className={visuallyHidden}>
        {search.isPlaceholderData ? t('page.knowledgeBase.search.searching', { query: term }) : heading}
      </p>
      {results.length === 0 && category && search.data.results.length > 0 ? (
        // Matches elsewhere: the way to them is one click, not a new search.
        <EmptyState
          headingLevel={2}
          icon={<Icon icon={SearchX} size="lg" />}
          title={t('page.knowledgeBase.search.noResultsInCategory.title', { query: shownTerm, category })}
          actionLabel={t('page.knowledgeBase.search.allCategories')}
          onAction={onAllCategories}
        />
      ) : results.length === 0 ? (
        <EmptyState
          headingLevel={2}
          icon={<Icon icon={SearchX} size="lg" />}
          title={t('page.knowledgeBase.search.noResults.title', { query: shownTerm })}
          description={t('page.knowledgeBase.search.noResults.body')}
          actionLabel={t('page.knowledgeBase.search.clear')}
          onAction={onClear}
        />
      ) : (
        <CardSection title={heading}>
          {results.map(({ article, snippet }) => (
            <ArticleCard key={article.id} article={article} snippet={snippet} />
          ))}
        </CardSection>
      )}
    </div>
  );
}

/** The list: search, categories, then the articles or the results. */
export function ArticleListView() {
  const { t } = useI18n();
  const title = t('page.knowledgeBase.title');
  usePageTitle(title);
  const { draft, setDraft, submit, term, category, setCategory } = useListAddress();
  // The categories come with the list (all of them, whatever the filter); the cache shares it.
  const categories = useArticles(category).data?.categories ?? [];
  const clear = () => {
    setDraft('');
    submit('');
  };
  return (
    <Page title={title} lead={t('page.knowledgeBase.lead')}>
      <div className={styles.stack}>
        <div className={styles.controls}>
          <SearchBox value={draft} onChange={setDraft} onSubmit={submit} />
          <CategoryFilter categories={categories} selected={category} onSelect={setCategory} />
        </div>
        {term ? (
          <SearchResults
            term={term}
            category={category}
            onClear={clear}
            onAllCategories={() => setCategory(undefined)}
          />
        ) : (
          <BrowseResults category={category} />
        )}
      </div>
    </Page>
  );
}

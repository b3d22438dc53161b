import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { articleHref, searchTermOf } from '../../knowledge-base/knowledgeBaseAddress.js';
import { useArticleSearch } from '../../knowledge-base/useKnowledgeBase.js';
import * as styles from '../RequestsPage.css.js';

/** How long the title's typing pauses before the knowledge base is asked. */
export const SUGGEST_DEBOUNCE_MS = 400;
const MAX_SUGGESTIONS = 3;

/**
 * Knowledge-base articles that may answer the request, from its title as it is typed (once typing
 * pauses): at most three links, announced politely when they appear.
 */
export function HelpSuggestions({ title }: { title: string }) {
  const { t } = useI18n();
  const id = useId();
  const [term, setTerm] = useState(() => searchTermOf(title));
  useEffect(() => {
    const timer = setTimeout(() => setTerm(searchTermOf(title)), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [title]);
  const search = useArticleSearch(term);
  const results =
    term && !search.isPlaceholderData ? (search.data?.results ?? []).slice(0, MAX_SUGGESTIONS) : [];
  return (
    <div aria-live="polite">
      {results.length > 0 ? (
        <section className={styles.suggestions} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className={styles.label}>
            {t('requests.form.suggestions')}
          </h2>
          <ul className={styles.linkList}>
            {results.map(({ article }) => (
              <li key={article.slug}>
                <RouterLink href={articleHref(article.slug)} dir="auto">
                  {article.title}
                </RouterLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

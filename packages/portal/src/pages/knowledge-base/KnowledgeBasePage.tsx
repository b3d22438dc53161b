import { useLocation } from 'wouter';
import { ArticleListView } from './ArticleListView.js';
import { ArticleNotFound, ArticleView } from './ArticleView.js';
import { viewOf } from './knowledgeBaseAddress.js';
import { knowledgeBase } from '../../i18n/en/knowledgeBase.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(knowledgeBase);

/**
 * The knowledge base: `/knowledge-base` lists and searches the articles, `/knowledge-base/<slug>`
 * shows one. The route is `/knowledge-base/*?`; the address below it picks the view.
 */
export default function KnowledgeBasePage() {
  const [location] = useLocation();
  const view = viewOf(location);
  switch (view.kind) {
    case 'article':
      // Keyed by slug: another article starts from its own loading state and scroll position.
      return <ArticleView key={view.slug} slug={view.slug} />;
    case 'notFound':
      return <ArticleNotFound />;
    default:
      return <ArticleListView />;
  }
}

import { Link } from '@client-portal/ui';
import { type ReactNode, useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './ArticleContent.css.js';
import { type Block, type Inline, parseArticle } from './articleMarkdown.js';

/** Headings move one level down: the article's title is the page's h1, its "#" an h2. */
const headingTag = (level: number) => `h${Math.min(6, level + 1)}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

// Keys are indexes: parsed content never reorders. Text blocks take their direction from their
// own text (`dir="auto"`): an English article reads left to right in an Arabic portal.

function inlineNode(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return (
        <strong key={key}>
          <InlineContent nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em key={key}>
          <InlineContent nodes={node.children} />
        </em>
      );
    case 'link':
      return (
        <ContentLink key={key} href={node.href}>
          <InlineContent nodes={node.children} />
        </ContentLink>
      );
  }
}

/** A link of the article (http, https or mailto only; see `safeHref`); another site opens in a new tab. */
function ContentLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Link href={href} newTabLabel={t('frame.newTab')}>
      {children}
    </Link>
  );
}

function InlineContent({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => inlineNode(node, i));
}

function blockNode(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = headingTag(block.level);
      return (
        <Heading key={key} dir="auto">
          <InlineContent nodes={block.children} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p key={key} dir="auto">
          <InlineContent nodes={block.children} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} dir="auto">
          <InlineContent nodes={item} />
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return (
        <blockquote key={key} dir="auto">
          {block.blocks.map((inner, i) => blockNode(inner, i))}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} dir="ltr">
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

/**
 * An article's Markdown as React elements and text nodes: its text is never HTML, so nothing in it
 * can add a script, a style or an event handler to the page (see articleMarkdown.ts).
 */
export function ArticleContent({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => parseArticle(markdown), [markdown]);
  return (
    <div className={styles.prose} data-testid="article-content">
      {blocks.map((block, i) => blockNode(block, i))}
    </div>
  );
}

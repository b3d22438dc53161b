import { describe, expect, it } from 'vitest';
import { type Block, parseArticle, parseInline, plainTextOf, safeHref } from './articleMarkdown.js';

const text = (t: string) => ({ type: 'text', text: t }) as const;

describe('parseArticle', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const blocks = parseArticle(
      '# Welcome\n\nThe portal shows\nyour **subscriptions**.\n\n## Start\n\n1. Open *Dashboard*.\n2. Check documents.\n\n- one\n- two',
    );
    expect(blocks).toEqual<Block[]>([
      { type: 'heading', level: 1, children: [text('Welcome')] },
      {
        type: 'paragraph',
        children: [
          text('The portal shows your '),
          { type: 'strong', children: [text('subscriptions')] },
          text('.'),
        ],
      },
      { type: 'heading', level: 2, children: [text('Start')] },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          [text('Open '), { type: 'em', children: [text('Dashboard')] }, text('.')],
          [text('Check documents.')],
        ],
      },
      { type: 'list', ordered: false, start: 1, items: [[text('one')], [text('two')]] },
    ]);
  });

  it('keeps an ordered list’s start and joins indented continuation lines to their item', () => {
    const [list] = parseArticle('3. third\n   still third\n4) fourth');
    expect(list).toEqual({
      type: 'list',
      ordered: true,
      start: 3,
      items: [[text('third still third')], [text('fourth')]],
    });
  });

  it('reads fenced code verbatim, quotes, and rules', () => {
    expect(parseArticle('```ts\nconst a = **1**;\n<b>x</b>\n```\n\n> quoted *text*\n> more\n\n---')).toEqual<
      Block[]
    >([
      { type: 'code', text: 'const a = **1**;\n<b>x</b>' },
      {
        type: 'quote',
        blocks: [
          {
            type: 'paragraph',
            children: [text('quoted '), { type: 'em', children: [text('text')] }, text(' more')],
          },
        ],
      },
      { type: 'rule' },
    ]);
  });

  it('ends a paragraph at a heading or list without a blank line', () => {
    expect(parseArticle('Intro line\n- item').map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect(parseArticle('Intro line\n## Next').map((b) => b.type)).toEqual(['paragraph', 'heading']);
  });

  it('keeps raw HTML as text: nothing in an article becomes markup', () => {
    const blocks = parseArticle(
      '<script>alert(1)</script>\n\n<style>body{display:none}</style> <img src=x onerror=alert(1)>',
    );
    expect(blocks).toEqual<Block[]>([
      { type: 'paragraph', children: [text('<script>alert(1)</script>')] },
      {
        type: 'paragraph',
        children: [text('<style>body{display:none}</style> <img src=x onerror=alert(1)>')],
      },
    ]);
  });

  it('handles Windows line endings, blank input and a lone "#"', () => {
    expect(parseArticle('a\r\nb\r\n\r\nc')).toHaveLength(2);
    expect(parseArticle('')).toEqual([]);
    expect(parseArticle('   \n\n')).toEqual([]);
    expect(parseArticle('#')).toEqual([{ type: 'heading', level: 1, children: [] }]);
    expect(parseArticle('#hashtag')).toEqual([{ type: 'paragraph', children: [text('#hashtag')] }]);
  });

  it('does not recurse without end on deeply nested quotes', () => {
    const blocks = parseArticle(`${'>'.repeat(50)} deep`);
    expect(blocks).toHaveLength(1);
  });
});

describe('parseInline', () => {
  it('reads strong, emphasis (both markers) and code spans', () => {
    expect(parseInline('**a** __b__ *c* _d_ `e*f*`')).toEqual([
      { type: 'strong', children: [text('a')] },
      text(' '),
      { type: 'strong', children: [text('b')] },
      text(' '),
      { type: 'em', children: [text('c')] },
      text(' '),
      { type: 'em', children: [text('d')] },
      text(' '),
      { type: 'code', text: 'e*f*' },
    ]);
  });

  it('leaves unmatched markers, intraword underscores and escapes as text', () => {
    expect(parseInline('2 * 3 = 6')).toEqual([text('2 * 3 = 6')]);
    expect(parseInline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseInline('\\*not em\\*')).toEqual([text('*not em*')]);
    expect(parseInline('**open')).toEqual([text('**open')]);
    expect(parseInline('`unclosed')).toEqual([text('`unclosed')]);
  });

  it('nests emphasis in strong', () => {
    expect(parseInline('**bold *and em***')).toEqual([
      { type: 'strong', children: [text('bold '), { type: 'em', children: [text('and em')] }] },
    ]);
  });

  it('keeps safe links and drops the link, not the text, of unsafe ones', () => {
    expect(parseInline('See [the docs](https://example.com/a_(b) "Title").')).toEqual([
      text('See '),
      { type: 'link', href: 'https://example.com/a_(b)', children: [text('the docs')] },
      text('.'),
    ]);
    expect(parseInline('[mail us](mailto:help@example.com)')).toEqual([
      { type: 'link', href: 'mailto:help@example.com', children: [text('mail us')] },
    ]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([text('click')]);
    expect(parseInline('[click](JaVaScRiPt:alert(1))')).toEqual([text('click')]);
    expect(parseInline('[x](data:text/html,<script>alert(1)</script>)')).toEqual([text('x')]);
    expect(parseInline('[relative](/admin)')).toEqual([text('relative')]);
    expect(parseInline('[**bold** link](https://example.com)')).toEqual([
      {
        type: 'link',
        href: 'https://example.com/',
        children: [{ type: 'strong', children: [text('bold')] }, text(' link')],
      },
    ]);
  });

  it('reads autolinks, but only safe ones', () => {
    expect(parseInline('<https://example.com>')).toEqual([
      { type: 'link', href: 'https://example.com/', children: [text('https://example.com')] },
    ]);
    expect(parseInline('<javascript:alert(1)>')).toEqual([text('<javascript:alert(1)>')]);
  });

  it('stops nesting at a fixed depth', () => {
    const deep = `${'['.repeat(40)}x${'](https://e.com)'.repeat(40)}`;
    expect(() => parseInline(deep)).not.toThrow();
  });
});

describe('safeHref', () => {
  it('allows http, https and mailto only', () => {
    expect(safeHref('https://example.com/x?y=1')).toBe('https://example.com/x?y=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' vbscript:x',
      'data:text/html,x',
      '//evil.example',
      '/relative',
      '#top',
      '',
      'ftp://x',
    ]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe('plainTextOf', () => {
  it('is the text without marks', () => {
    expect(plainTextOf(parseInline('**a** [b](https://e.com) `c`'))).toBe('a b c');
  });
});

/*
 * Articles arrive as Markdown (CommonMark without raw HTML). The portal reads a small, safe subset
 * into a tree that React renders as elements and text nodes: headings, paragraphs, lists, quotes,
 * code, rules; strong, emphasis, code spans and links. Anything else stays text, so "<script>" in
 * an article is shown as the characters it is, never run. Links keep only http(s) and mailto
 * addresses; any other scheme ("javascript:") leaves its text without a link.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

/** Nesting deeper than this (emphasis in emphasis in a link…) stays text: no runaway recursion. */
const MAX_DEPTH = 6;
/** Quotes in quotes deeper than this are read as plain paragraphs. */
const MAX_QUOTE_DEPTH = 4;

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const INDENTED = /^(?: {2,}|\t)\S/;
const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** An address a link may keep: absolute http(s) or mailto. Everything else is refused. */
export function safeHref(raw: string): string | null {
  const href = raw.trim().replace(/^<(.*)>$/, '$1');
  // Control characters and spaces hide schemes from naive checks ("java\tscript:"); refuse them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!href || /[\u0000-\u0020\u007F-\u009F]/.test(href)) return null;
  try {
    const url = new URL(href);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    if (url.protocol === 'mailto:') return href;
  } catch {
    return null;
  }
  return null;
}

const isBlank = (line: string) => line.trim() === '';

/** A line that starts a block of its own (and so ends a paragraph). */
function startsBlock(line: string): boolean {
  return (
    HEADING.test(line) ||
    RULE.test(line) ||
    FENCE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    QUOTE.test(line)
  );
}

/** Reads Markdown into blocks. */
export function parseArticle(markdown: string): Block[] {
  return parseLines(markdown.replace(/\r\n?/g, '\n').split('\n'), 0);
}

function parseLines(lines: string[], quoteDepth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker)) {
        body.push(lines[i] ?? '');
        i += 1;
      }
      i += 1; // the closing fence (or the end)
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    // A rule before a bullet: "- - -" and "* * *" are rules, not list items.
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line) && quoteDepth < MAX_QUOTE_DEPTH) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        inner.push(QUOTE.exec(lines[i] ?? '')?.[1] ?? '');
        i += 1;
      }
      blocks.push({ type: 'quote', blocks: parseLines(inner, quoteDepth + 1) });
      continue;
    }
    const ordered = ORDERED.exec(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? ORDERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = pattern.exec(current);
        if (item) {
          items.push((ordered ? item[2] : item[1]) ?? '');
        } else if (INDENTED.test(current) && items.length > 0) {
          // A continuation line (or a nested item, read as text of its parent).
          items[items.length - 1] += ` ${current.trim()}`;
        } else {
          break;
        }
        i += 1;
      }
      blocks.push({
        type: 'list',
        ordered: Boolean(ordered),
        start: ordered ? Number(ordered[1]) : 1,
        items: items.map((text) => parseInline(text.trim())),
      });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      !isBlank(lines[i] ?? '') &&
      !(paragraph.length > 0 && startsBlock(lines[i] ?? ''))
    ) {
      paragraph.push((lines[i] ?? '').trim());
      i += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** Adds text to the end of `out`, joining it with a text node already there. */
function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** The index of the closing `delimiter` for an opener at `from`, or -1. */
function closingOf(text: string, delimiter: string, from: number): number {
  let at = text.indexOf(delimiter, from);
  while (at !== -1) {
    const before = text[at - 1];
    const after = text[at + delimiter.length];
    const escaped = before === '\\';
    // Closes when it follows text (not a space) and, for "_", does not sit inside a word.
    const closes = !isSpace(before) && !(delimiter.startsWith('_') && isWordChar(after));
    // A single "*" that is really half of "**" is not the closer of "*".
    const partOfDouble = delimiter.length === 1 && (after === delimiter || before === delimiter);
    if (!escaped && closes && !partOfDouble && at > from) {
      // "***" after "*text": the last two close the strong, the first closes the emphasis inside.
      let end = at;
      while (delimiter.length === 2 && text[end + 2] === delimiter[0]) end += 1;
      return end;
    }
    at = text.indexOf(delimiter, at + 1);
  }
  return -1;
}

/** The index of the "]" that closes the "[" at `open`, counting nested brackets; -1 if none. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\') i += 1;
    else if (ch === '[') depth += 1;
    else if (ch === ']') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Reads the inline Markdown of one block. */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      pushText(out, next);
      i += 2;
      continue;
    }
    if (ch === '`') {
      const run = /^`+/.exec(text.slice(i))?.[0] ?? '`';
      const end = text.indexOf(run, i + run.length);
      if (end !== -1) {
        out.push({ type: 'code', text: text.slice(i + run.length, end).trim() || ' ' });
        i = end + run.length;
        continue;
      }
      pushText(out, run);
      i += run.length;
      continue;
    }
    if (depth < MAX_DEPTH && (ch === '*' || ch === '_')) {
      const double = next === ch;
      const delimiter = double ? ch + ch : ch;
      const opensWord = !(ch === '_' && isWordChar(text[i - 1]));
      const start = i + delimiter.length;
      if (opensWord && !isSpace(text[start])) {
        const end = closingOf(text, delimiter, start);
        if (end !== -1) {
          const children = parseInline(text.slice(start, end), depth + 1);
          out.push(double ? { type: 'strong', children } : { type: 'em', children });
          i = end + delimiter.length;
          continue;
        }
      }
      pushText(out, delimiter);
      i += delimiter.length;
      continue;
    }
    if (ch === '[' && depth < MAX_DEPTH) {
      const close = closingBracket(text, i);
      const target =
        close === -1
          ? null
          : /^\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)/.exec(text.slice(close + 1));
      if (close !== -1 && target) {
        const children = parseInline(text.slice(i + 1, close), depth + 1);
        const href = safeHref(target[1] ?? '');
        if (href) out.push({ type: 'link', href, children });
        else
          for (const child of children) child.type === 'text' ? pushText(out, child.text) : out.push(child);
        i = close + 1 + target[0].length;
        continue;
      }
    }
    if (ch === '<') {
      const auto = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*)>/.exec(text.slice(i));
      const href = auto ? safeHref(auto[1] ?? '') : null;
      if (auto && href) {
        out.push({ type: 'link', href, children: [{ type: 'text', text: auto[1] ?? '' }] });
        i += auto[0].length;
        continue;
      }
    }
    pushText(out, ch);
    i += 1;
  }
  return out;
}

/** The text of inline content, without its marks (for names and comparisons). */
export function plainTextOf(inline: Inline[]): string {
  return inline.map((node) => ('text' in node ? node.text : plainTextOf(node.children))).join('');
}

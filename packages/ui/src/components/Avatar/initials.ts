const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Scripts whose letters join (Arabic, Syriac, N'Ko…): initials are kept apart with a zero-width non-joiner. */
const JOINING = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Adlam}]/u;
/** Scripts written without spaces between a family and given name: one character is the convention. */
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const ZWNJ = '\u200C';

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** The first grapheme (letter with its combining marks, emoji…) that contains a letter or digit. */
function firstGrapheme(word: string): string | undefined {
  const graphemes = segmenter ? Array.from(segmenter.segment(word), (s) => s.segment) : Array.from(word);
  return graphemes.find((g) => LETTER_OR_DIGIT.test(g));
}

/**
 * Initials for an avatar fallback: first and last word's first letter ("Ada Lovelace" → "AL", "Ada" → "A",
 * "Jean-Luc Picard" → "JP"), upper-cased for the locale, at most `max` characters. Empty or
 * punctuation-only names give "". Arabic initials are kept unjoined (م‌ع); CJK names give one character.
 */
export function getInitials(name: string | null | undefined, max: 1 | 2 = 2, locale?: string): string {
  const words = (name ?? '')
    .normalize('NFC')
    .trim()
    .split(/[\s\u00A0\u3000]+/u)
    .map((w) => ({ word: w, initial: firstGrapheme(w) }))
    .filter((w): w is { word: string; initial: string } => w.initial !== undefined);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (NO_SPACES.test(first.initial)) return first.initial;
  const picked = max === 1 || !last ? [first.initial] : [first.initial, last.initial];
  const upper = picked.map((g) => g.toLocaleUpperCase(locale));
  return upper.join(upper.some((g) => JOINING.test(g)) ? ZWNJ : '');
}

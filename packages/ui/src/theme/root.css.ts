import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

/**
 * The kit's root. Every rule that would otherwise be global is scoped below it, so nothing leaks
 * into the host page and (with the hardening step, see scripts/harden-css.mjs) nothing of the host's
 * leaks in. Resets use :where() so that component classes, which come later, always win.
 */
export const root = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.fg,
  textAlign: 'start',
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  boxSizing: 'border-box',
  // Every inherited property of text, so that none of the page's values (set on the portal's
  // container, or on `*`) flows in through inheritance.
  letterSpacing: 'normal',
  textTransform: 'none',
  wordSpacing: 'normal',
  fontStyle: 'normal',
  fontVariant: 'normal',
  fontStretch: 'normal',
  fontKerning: 'auto',
  textIndent: 0,
  textShadow: 'none',
  whiteSpace: 'normal',
  wordBreak: 'normal',
  overflowWrap: 'normal',
  hyphens: 'manual',
  cursor: 'auto',
  visibility: 'visible',
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: {
        [vars.duration.fast]: '0ms',
        [vars.duration.normal]: '0ms',
        [vars.duration.slow]: '0ms',
      },
    },
  },
});

/** Paints the canvas behind the kit (the portal uses it; a single embedded widget may not). */
export const canvas = style({ backgroundColor: vars.color.canvas });

export const light = style({ colorScheme: 'light' });
export const dark = style({ colorScheme: 'dark' });

const scoped = (sel: string) => `:where(${root}) :where(${sel})`;

/**
 * A root whose whole content is the kit's own (ThemeRoot `ownsContent`; the portal's root):
 * every element in it starts from the user agent's typography and box model, whatever the page's
 * element rules say (`* { font-family: serif }`, `nav a { padding: 20px }`, `li { float: left }`).
 * `revert` rolls a property back to the browser's own value, and as an important declaration in the
 * kit's layer (scripts/harden-css.mjs) it beats every unlayered page rule, while the kit's own
 * rules, later and more specific, still win over it. Inherited properties revert to inheriting
 * from the root, which sets them; the root itself is reset too (the page's `div` rules match it).
 * Properties that Ark sets inline on positioned parts (position, inset, transform, z-index) are
 * left alone, as are the sizes of SVG (its width and height attributes) and of elements sized by an
 * inline style (Ark's positioners). Not for a root that holds the site's own elements: their
 * unlayered styles would lose to it.
 */
export const ownsContent = style({});
const owned = (sel: string) => `:where(${ownsContent}) :where(${sel})`;
globalStyle(`:where(${ownsContent}), ${owned('*')}`, {
  display: 'revert',
  float: 'revert',
  clear: 'revert',
  margin: 'revert',
  padding: 'revert',
  border: 'revert',
  font: 'revert',
  fontVariant: 'revert',
  letterSpacing: 'revert',
  wordSpacing: 'revert',
  textTransform: 'revert',
  textIndent: 'revert',
  textShadow: 'revert',
  textAlign: 'revert',
  textDecoration: 'revert',
  whiteSpace: 'revert',
  verticalAlign: 'revert',
  listStyle: 'revert',
  color: 'revert',
  background: 'revert',
  boxShadow: 'revert',
  overflow: 'revert',
  cursor: 'revert',
});
const sizedInline = '[style*="width"], [style*="height"]';
globalStyle(`:where(${ownsContent}):not(${sizedInline}), ${owned(`:not(svg, svg *, ${sizedInline})`)}`, {
  width: 'revert',
  height: 'revert',
  minWidth: 'revert',
  minHeight: 'revert',
  maxWidth: 'revert',
  maxHeight: 'revert',
});

globalStyle(`${scoped('*, *::before, *::after')}`, {
  boxSizing: 'border-box',
  borderWidth: 0,
  borderStyle: 'solid',
  // Host rules such as `[data-state] { outline: … }` hit Ark's parts; focus rings come from the
  // :focus-visible rule below, which is later and so wins.
  outlineStyle: 'none',
});
// CMS themes style the landmarks directly (`header { position: sticky }`, `main { padding }`); the
// portal's frame is built of them, so they start from the user agent's values here.
globalStyle(scoped('header, nav, main, footer, aside, section, article, form'), {
  display: 'block',
  margin: 0,
  padding: 0,
  background: 'none',
  minHeight: 'auto',
  minWidth: 'auto',
  position: 'static',
  zIndex: 'auto',
});
// Typical host resets (Bootstrap's reboot, CMS themes) style these elements directly; the kit
// resets the same properties so its own values, not the host's, apply.
const textElements =
  'p, figure, blockquote, dl, dt, dd, ul, ol, li, table, caption, th, td, label, small, span, a, code, pre, legend, fieldset';
globalStyle(scoped(`h1, h2, h3, h4, h5, h6, ${textElements}`), {
  margin: 0,
  textTransform: 'none',
  letterSpacing: 'inherit',
});
globalStyle(scoped(textElements), {
  fontSize: 'inherit',
  lineHeight: 'inherit',
  color: 'inherit',
  fontFamily: 'inherit',
});
globalStyle(scoped('th'), { textAlign: 'start', fontWeight: vars.fontWeight.bold });
globalStyle(scoped('caption'), { captionSide: 'top' });
globalStyle(scoped('label'), { display: 'inline' });
globalStyle(scoped('img, svg'), { verticalAlign: 'middle' });
globalStyle(scoped('h1, h2, h3, h4, h5, h6'), {
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontSize: 'inherit',
  color: 'inherit',
});
globalStyle(scoped('ul, ol'), { padding: 0, listStyle: 'none' });
globalStyle(scoped('img, svg, video, canvas'), { display: 'block', maxWidth: '100%' });
globalStyle(scoped('button, input, select, textarea'), {
  font: 'inherit',
  color: 'inherit',
  letterSpacing: 'inherit',
  margin: 0,
  padding: 0,
  background: 'none',
  textTransform: 'none',
  appearance: 'none',
});
globalStyle(scoped('button'), {
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  textAlign: 'center',
});
globalStyle(scoped('button:disabled'), { cursor: 'not-allowed' });
globalStyle(scoped('input, textarea'), { cursor: 'text' });
globalStyle(
  scoped(
    'input:is([type="checkbox"], [type="radio"], [type="range"], [type="color"], [type="file"], [type="button"], [type="submit"], [type="reset"])',
  ),
  { cursor: 'pointer' },
);
globalStyle(scoped('input:disabled, textarea:disabled'), { cursor: 'not-allowed' });
globalStyle(scoped('a'), { color: 'inherit', textDecoration: 'inherit' });
globalStyle(scoped('table'), { borderCollapse: 'collapse', borderSpacing: 0, width: '100%' });
globalStyle(scoped(':focus-visible'), {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
// Host CSS like `[hidden] { display: block }` or our own display rules must never show hidden parts.
globalStyle(`${root} [hidden], ${root}[hidden]`, { display: 'none' });

/** Visually hidden but read by screen readers (data-table alternatives, live regions). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: 0,
});

/** Where overlays (tooltips, dialogs, drawers, menus, toasts) are portalled: inside the themed root. */
export const overlayLayer = style({ position: 'relative', zIndex: vars.zIndex.overlay });

import { vars } from '@client-portal/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** Running text of an article: a readable measure, and nothing wider than the screen. */
export const prose = style({
  display: 'grid',
  gap: vars.space['4'],
  maxInlineSize: '72ch',
  minWidth: 0,
  color: vars.color.fg,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
});

globalStyle(`${prose} > *`, { margin: 0 });
globalStyle(`${prose} :is(h2, h3, h4, h5, h6)`, {
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  marginBlockStart: vars.space['2'],
});
globalStyle(`${prose} h2`, { fontSize: vars.fontSize.xl });
globalStyle(`${prose} h3`, { fontSize: vars.fontSize.lg });
globalStyle(`${prose} :is(h4, h5, h6)`, { fontSize: vars.fontSize.md });
globalStyle(`${prose} :is(ul, ol)`, {
  display: 'grid',
  gap: vars.space['1.5'],
  paddingInlineStart: vars.space['6'],
});
globalStyle(`${prose} blockquote`, {
  display: 'grid',
  gap: vars.space['3'],
  paddingInlineStart: vars.space['4'],
  borderInlineStart: `3px solid ${vars.color.border}`,
  color: vars.color.fgMuted,
});
globalStyle(`${prose} code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.subtle,
});
// Code keeps its lines but wraps them: a long line must not make the page scroll sideways.
globalStyle(`${prose} pre`, {
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.subtle,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
globalStyle(`${prose} pre code`, { padding: 0, background: 'none' });
globalStyle(`${prose} hr`, {
  inlineSize: '100%',
  border: 0,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

import { vars } from '@client-portal/ui';
import { globalStyle, style } from '@vanilla-extract/css';
import { typeLevel } from '../../../type-ramp.js';

// The request page: a header, then the request and its timeline beside a column of panels
// (participants, files, staff controls) that moves under it on a narrow container.

export const page = style({
  display: 'grid',
  gap: vars.space['6'],
  alignContent: 'start',
  containerType: 'inline-size',
  minWidth: 0,
});

export const back = style({ justifySelf: 'start' });

export const header = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 });

export const keyLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
});

export const title = style({
  ...typeLevel('pageTitle'),
  margin: 0,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(176px, 1fr))',
  gap: `${vars.space['3']} ${vars.space['6']}`,
  margin: 0,
});

export const fact = style({ display: 'grid', gap: vars.space['1'], minWidth: 0, alignContent: 'start' });

export const factLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.fgMuted, margin: 0 });

export const factValue = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1.5'],
  margin: 0,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@container': {
    '(min-width: 880px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px' },
  },
});

export const column = style({ display: 'grid', gap: vars.space['6'], minWidth: 0, alignContent: 'start' });

export const description = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.fg,
  lineHeight: vars.lineHeight.normal,
});

export const fieldList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space['1.5']} ${vars.space['4']}`,
  margin: 0,
  marginBlockStart: vars.space['4'],
  fontSize: vars.fontSize.sm,
});

export const fieldRow = style({ display: 'contents' });

globalStyle(`${fieldList} dt`, { color: vars.color.fgMuted });
globalStyle(`${fieldList} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const callout = style({
  margin: 0,
  marginBlockStart: vars.space['4'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.tone.info.subtle,
  color: vars.color.tone.info.fg,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const notice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.tone.warning.fg}`,
  background: vars.color.tone.warning.subtle,
  color: vars.color.tone.warning.fg,
  fontSize: vars.fontSize.sm,
});

export const noticeText = style({ margin: 0, flex: '1 1 240px', overflowWrap: 'anywhere' });

export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});

export const entry = style({
  display: 'grid',
  gap: vars.space['1.5'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});

export const internalEntry = style({
  borderStyle: 'dashed',
  borderColor: vars.color.tone.warning.fg,
  background: vars.color.tone.warning.subtle,
});

export const eventEntry = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const entryHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
});

export const author = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const time = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.xs });

export const body = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.fg,
});

export const composer = style({ display: 'grid', gap: vars.space['3'] });

export const textarea = style({
  width: '100%',
  minHeight: '112px',
  boxSizing: 'border-box',
  resize: 'vertical',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.tone.danger.fg },
  },
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.fgMuted });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.tone.danger.fg });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
});

export const spread = style([row, { justifyContent: 'space-between' }]);

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
  cursor: 'pointer',
});

export const checkbox = style({
  // Native, in the accent: the kit's reset removes a control's appearance.
  appearance: 'auto',
  flex: 'none',
  inlineSize: '16px',
  blockSize: '16px',
  margin: 0,
  accentColor: vars.color.tone.accent.solid,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});

export const personName = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });

export const file = style({
  display: 'grid',
  gap: vars.space['1.5'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});

export const fileName = style({
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
  color: vars.color.fg,
});

export const fileMeta = style({ color: vars.color.fgMuted, fontSize: vars.fontSize.xs });

export const dropZone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  border: `2px dashed ${vars.color.borderStrong}`,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  selectors: {
    '&[data-dragging="true"]': {
      borderColor: vars.color.tone.accent.solid,
      background: vars.color.tone.accent.subtle,
    },
  },
});

export const field = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const input = style({
  boxSizing: 'border-box',
  inlineSize: '100%',
  minBlockSize: '40px',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

export const previewImage = style({
  display: 'block',
  maxInlineSize: '100%',
  maxBlockSize: '70vh',
  margin: '0 auto',
});

export const skeleton = style({ display: 'grid', gap: vars.space['4'] });

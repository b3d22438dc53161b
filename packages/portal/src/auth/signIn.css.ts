import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../type-ramp.js';

export const screen = style({
  display: 'grid',
  placeItems: 'center',
  minBlockSize: '100vh',
  padding: vars.space['4'],
  background: vars.color.canvas,
});

export const card = style({
  inlineSize: '100%',
  maxInlineSize: '420px',
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['8'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
});

export const logo = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '48px',
  blockSize: '48px',
  borderRadius: vars.radius.md,
  background: vars.color.tone.accent.solid,
  color: vars.color.tone.accent.onSolid,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
});

export const title = style({
  ...typeLevel('sectionTitle'),
  margin: 0,
  color: vars.color.fg,
});

export const subtitle = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'grid', gap: vars.space['4'] });

export const field = style({ display: 'grid', gap: vars.space['1.5'] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const input = style({
  inlineSize: '100%',
  minBlockSize: '44px',
  paddingInline: vars.space['3'],
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.fg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.tone.danger.solid },
  },
});

export const error = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.tone.danger.subtle,
  color: vars.color.tone.danger.fg,
  fontSize: vars.fontSize.sm,
});

/**
 * The empty alert region stays in the accessibility tree (only out of sight), so that the message
 * put into it later is announced: a live region that appears together with its text often is not.
 */
export const errorEmpty = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});

/** The demo accounts of a host running demo data, under the form. */
export const demo = style({
  display: 'grid',
  gap: vars.space['2'],
  paddingBlockStart: vars.space['4'],
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const demoTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const demoList = style({ display: 'grid', gap: vars.space['2'], margin: 0, padding: 0 });

export const demoItem = style({
  display: 'grid',
  gap: vars.space['1'],
  justifyItems: 'start',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

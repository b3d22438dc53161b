import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const details = style({
  display: 'grid',
  gap: vars.space['3'],
});

export const muted = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

/** The settings: one group under the other, each a fieldset or a labelled row. */
export const settings = style({
  display: 'grid',
  gap: vars.space['6'],
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space['2'],
  fontWeight: vars.fontWeight.bold,
});

export const options = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

/** A choice: its input and label in one bordered target, marked when chosen. */
export const option = style({
  display: 'inline-flex',
  gap: vars.space['2'],
  alignItems: 'center',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.tone.accent.solid,
      background: vars.color.tone.accent.subtle,
    },
  },
});

export const toggle = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-start',
});

export const toggleText = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
});

export const input = style({
  appearance: 'auto',
  flexShrink: 0,
  inlineSize: '16px',
  blockSize: '16px',
  margin: 0,
  accentColor: vars.color.tone.accent.solid,
});

/** The checkbox sits on the first line of its label. */
export const checkbox = style([input, { marginBlockStart: '0.2em' }]);

export const session = style({
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'start',
});

import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

/** Project, range and grain in one bar above the figures; wraps and stacks on narrow screens. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['4'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  margin: 0,
  minWidth: 0,
  minInlineSize: 0,
});

export const picker = style({ flex: '1 1 240px', minWidth: 0, maxInlineSize: '360px' });

export const notice = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.tone.info.subtle,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
});

/** Where the GitHub and AI-usage panels go: their own section under the delivery figures. */
export const more = style({
  display: 'grid',
  gap: vars.space['6'],
  paddingBlockStart: vars.space['6'],
  borderBlockStart: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const stack = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 });

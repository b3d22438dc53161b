import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/** The menu's limits on the floating list: wide enough for its actions, small text. */
export const content = style({
  minWidth: '180px',
  maxWidth: 'min(320px, var(--available-width, 320px))',
  maxHeight: 'min(420px, var(--available-height, 420px))',
  fontSize: vars.fontSize.sm,
});

/** The "No actions available" row of an empty menu: laid out like an item, but quiet and not choosable. */
export const empty = style({ cursor: 'default', color: vars.color.fgMuted });

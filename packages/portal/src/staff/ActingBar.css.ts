import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { large } from '../frame/Frame.css.js';

/**
 * The "acting for" bar: in the warning tone, so staff never forget whose portal they are looking
 * at. On large screens it stays in view while the page scrolls; on small ones it scrolls away with
 * the page (the top bar already takes the top of a phone screen).
 */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  marginBlockEnd: vars.space['6'],
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['4'],
  borderRadius: vars.radius.md,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.tone.warning.solid,
  borderInlineStartWidth: '4px',
  backgroundColor: vars.color.tone.warning.subtle,
  color: vars.color.fg,
  '@container': {
    [large]: {
      position: 'sticky',
      insetBlockStart: vars.space['2'],
      zIndex: vars.zIndex.sticky,
    },
  },
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&:focus:not(:focus-visible)': { outline: 'none' },
  },
});

export const icon = style({ flex: 'none', color: vars.color.tone.warning.fg });

export const text = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space['2'],
  flex: '1 1 240px',
  minInlineSize: 0,
  margin: 0,
  fontSize: vars.fontSize.md,
});

export const company = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  inlineSize: '100%',
});

export const check = style({
  flex: 'none',
  inlineSize: '16px',
  blockSize: '16px',
  color: vars.color.tone.accent.fg,
});

/** Directional icons point the other way in right-to-left layouts. */
export const flip = style({ selectors: { '&:dir(rtl)': { transform: 'scaleX(-1)' } } });

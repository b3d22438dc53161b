import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/**
 * Added after Button's recipe class (this file imports Button.css, so its rules come later and win at
 * equal specificity): a square with no inline padding, sized like Button's min heights.
 */
export const square = style({
  paddingInline: 0,
  flexShrink: 0,
});

export const size = styleVariants({
  sm: { width: '32px', height: '32px', minHeight: '32px' },
  md: { width: '40px', height: '40px', minHeight: '40px' },
  lg: { width: '48px', height: '48px', minHeight: '48px' },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '20px',
  height: '20px',
  flexShrink: 0,
});

globalStyle(`${icon} > svg, ${icon} > img`, { width: '20px', height: '20px', display: 'block' });

/** Directional icons (arrows, chevrons) point the other way in right-to-left layouts. */
export const flip = style({ selectors: { '&:dir(rtl)': { transform: 'scaleX(-1)' } } });

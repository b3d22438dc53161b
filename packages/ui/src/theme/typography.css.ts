import { styleVariants } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { typeRamp } from './tokens.js';

/**
 * The type ramp as classes: `className={typography.pageTitle}`. Headings use the heading font, the
 * rest the body font; a caption is muted. Kit components and the portal take their text levels from
 * here, so a level looks the same wherever it is.
 */
export const typography = styleVariants(typeRamp, (level, name) => ({
  ...level,
  fontFamily: name === 'body' || name === 'caption' ? vars.font.body : vars.font.heading,
  ...(name === 'caption' ? { color: vars.color.fgMuted } : {}),
}));

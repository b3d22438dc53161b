import { style } from '@vanilla-extract/css';

/** The portal root fills its container; the frame sizes itself from it. */
export const portal = style({
  position: 'relative',
  minBlockSize: '100%',
  isolation: 'isolate',
});

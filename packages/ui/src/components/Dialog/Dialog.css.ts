import { styleVariants } from '@vanilla-extract/css';

/** The panel's width cap by `size`; the modal base makes it full width up to that, never past the viewport. */
export const size = styleVariants({
  sm: { maxWidth: '400px' },
  md: { maxWidth: '560px' },
  lg: { maxWidth: '800px' },
});

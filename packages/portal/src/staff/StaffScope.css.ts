import { style } from '@vanilla-extract/css';

/** Holds the bar and the page, so the bar stays in view over the whole page. */
export const scope = style({ minInlineSize: 0 });

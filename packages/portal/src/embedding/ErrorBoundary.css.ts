import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

/** A page that failed: the error centred in the page area, as the portal's full-area states are. */
export const page = style({
  display: 'grid',
  placeItems: 'center',
  minBlockSize: '320px',
  padding: vars.space['6'],
  minInlineSize: 0,
});

/**
 * A part that failed (a panel, the navigation, the footer): the error on a bordered surface in the
 * part's place, so it reads as that part, not as a message about the whole page.
 */
export const part = style({
  display: 'grid',
  placeItems: 'center',
  minInlineSize: 0,
  borderRadius: vars.radius.md,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  backgroundColor: vars.color.surface,
});

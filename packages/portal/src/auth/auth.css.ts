import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const fullStatus = style({
  display: 'grid',
  placeItems: 'center',
  minBlockSize: '60vh',
  padding: vars.space['6'],
});

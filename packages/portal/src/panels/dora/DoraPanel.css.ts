import { mediaUp, vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

/** The panel: a column of its parts; nothing in it may be wider than the page (375px screens). */
export const panel = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  minWidth: 0,
});

export const headText = style({ display: 'grid', gap: vars.space['1'], minWidth: 0, flex: '1 1 320px' });

export const title = style({ ...typeLevel('sectionTitle'), margin: 0, color: vars.color.fg });

export const muted = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const overall = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['4'],
  minWidth: 0,
});

export const overallFigure = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const overallLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold });

export const benchmark = style({ minInlineSize: '176px' });

/** Data kept on screen while the next answer loads (another grain or report year): dimmed. */
export const refreshing = style({ opacity: 0.6, transition: `opacity ${vars.duration.normal}` });

export const metrics = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const metricItem = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 });

export const card = style({ blockSize: '100%', minWidth: 0 });

export const cardBody = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  alignContent: 'start',
  minWidth: 0,
});

export const figureRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minWidth: 0,
});

export const stat = style({ flex: '1 1 220px', minWidth: 0 });

export const counts = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const note = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.tone.warning.subtle,
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
});

export const noteIcon = style({ flexShrink: 0, marginBlockStart: '2px', color: vars.color.tone.warning.fg });

export const about = style({ margin: 0, color: vars.color.fgMuted, fontSize: vars.fontSize.sm });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
});

export const skeletonCard = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const sectionTitle = style({ ...typeLevel('cardTitle'), margin: 0, color: vars.color.fg });

export const sources = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  minWidth: 0,
});

export const drill = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  minWidth: 0,
});

export const why = style({ display: 'block', minInlineSize: '240px', whiteSpace: 'normal' });

export const cellText = style({ overflowWrap: 'anywhere' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'] });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

/** Range and grain: side by side when there is room, stacked on a phone. */
export const controls = style({
  flex: '2 1 440px',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['4'],
  minWidth: 0,
});

export const control = style({ flex: '0 1 208px', minWidth: 0 });

export const custom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
  minWidth: 0,
});

export const field = style({ display: 'grid', gap: vars.space['1.5'], minWidth: 0 });

export const fieldLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const dateInput = style({
  minBlockSize: '40px',
  paddingInline: vars.space['3'],
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.fg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  colorScheme: 'light dark',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.tone.danger.solid },
  },
});

export const fieldError = style({
  flexBasis: '100%',
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.tone.danger.fg,
});

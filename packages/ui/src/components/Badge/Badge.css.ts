import { style, styleVariants } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import { tones } from '../../theme/tokens.js';
import type { Tone } from '../../theme/tokens.js';

const badgeVariants = ['subtle', 'solid', 'outline'] as const;

const toneStyle = (tone: Tone, variant: (typeof badgeVariants)[number]) => {
  const t = vars.color.tone[tone];
  switch (variant) {
    case 'solid':
      return { backgroundColor: t.solid, color: t.onSolid, borderColor: t.solid };
    case 'outline':
      return { backgroundColor: 'transparent', color: t.fg, borderColor: 'currentColor' };
    default:
      return { backgroundColor: t.subtle, color: t.fg, borderColor: 'transparent' };
  }
};

export const badge = recipe({
  base: {
    // Baseline-aligned (the label sets the baseline, icons are centred) so a badge sits on the line
    // of the text around it, in a paragraph or a table cell.
    display: 'inline-flex',
    alignItems: 'baseline',
    gap: vars.space['1'],
    maxWidth: '100%',
    minWidth: 0,
    verticalAlign: 'baseline',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    variant: Object.fromEntries(badgeVariants.map((v) => [v, {}])) as Record<
      (typeof badgeVariants)[number],
      object
    >,
    tone: Object.fromEntries(tones.map((t) => [t, {}])) as Record<Tone, object>,
    size: {
      // Height from padding, not min-height: a baseline-aligned label would sit at the top of a taller box.
      sm: { paddingBlock: vars.space['0.5'], paddingInline: vars.space['1.5'], fontSize: vars.fontSize.xs },
      md: { paddingBlock: vars.space['0.5'], paddingInline: vars.space['2'], fontSize: vars.fontSize.sm },
    },
  },
  compoundVariants: badgeVariants.flatMap((variant) =>
    tones.map((tone) => ({ variants: { variant, tone }, style: toneStyle(tone, variant) })),
  ),
  defaultVariants: { variant: 'subtle', tone: 'neutral', size: 'md' },
});

/** Long labels end in an ellipsis rather than overflowing; the full text stays in the DOM. */
export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 });
export const icon = style({ display: 'inline-flex', flexShrink: 0, alignSelf: 'center' });

export const status = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  maxWidth: '100%',
  minWidth: 0,
  verticalAlign: 'baseline',
  color: vars.color.fg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const statusSize = styleVariants({
  sm: { fontSize: vars.fontSize.xs },
  md: { fontSize: vars.fontSize.sm },
});

export const dot = style({
  display: 'inline-block',
  alignSelf: 'center',
  flexShrink: 0,
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
});

/** The dot is a graphic: tone `solid` colours reach 3:1 on the canvas; the label carries the meaning. */
export const dotTone = styleVariants(
  Object.fromEntries(tones.map((t) => [t, { backgroundColor: vars.color.tone[t].solid }])) as Record<
    Tone,
    { backgroundColor: string }
  >,
);

export const statusLabel = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});

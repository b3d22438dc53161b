import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import type { RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import type { Tone } from '../../theme/tokens.js';

/**
 * Hover and pressed, from the pointer or from the `data-hover` / `data-active` hooks (zag's names),
 * which let a story show the state still. Never on a disabled or busy button.
 */
const hover = '&:is(:hover, [data-hover]):not(:disabled, [aria-disabled="true"])';
const pressed = '&:is(:active, [data-active]):not(:disabled, [aria-disabled="true"])';

/** A pressed button moves down a pixel, as if pushed in. */
const pushedIn = { transform: 'translateY(1px)' };

const toneVariants = (tone: Tone) => {
  const t = vars.color.tone[tone];
  return {
    solid: {
      backgroundColor: t.solid,
      color: t.onSolid,
      borderColor: t.solid,
      selectors: {
        [hover]: { backgroundColor: t.solidHover, borderColor: t.solidHover },
        // Pressed: the hover colour, pushed in.
        [pressed]: { backgroundColor: t.solidHover, borderColor: t.solidHover, ...pushedIn },
      },
    },
    outline: {
      backgroundColor: 'transparent',
      color: t.fg,
      borderColor: 'currentColor',
      selectors: {
        [hover]: { backgroundColor: t.subtle },
        [pressed]: { backgroundColor: t.subtle, ...pushedIn },
      },
    },
    subtle: {
      backgroundColor: t.subtle,
      color: t.fg,
      borderColor: 'transparent',
      selectors: {
        [hover]: { borderColor: 'currentColor' },
        [pressed]: { borderColor: 'currentColor', ...pushedIn },
      },
    },
    ghost: {
      backgroundColor: 'transparent',
      color: t.fg,
      borderColor: 'transparent',
      selectors: {
        [hover]: { backgroundColor: t.subtle },
        [pressed]: { backgroundColor: t.subtle, ...pushedIn },
      },
    },
  };
};

const variants = ['solid', 'outline', 'subtle', 'ghost'] as const;
const buttonTones = ['accent', 'neutral', 'danger'] as const;

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    maxWidth: '100%',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: vars.duration.fast,
    transitionTimingFunction: vars.easing.standard,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
      '&[data-loading]': { cursor: 'progress' },
      // The kit's focus ring (the root's :focus-visible rule), also from the story hook.
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    },
  },
  variants: {
    variant: Object.fromEntries(variants.map((v) => [v, {}])) as Record<(typeof variants)[number], object>,
    tone: Object.fromEntries(buttonTones.map((t) => [t, {}])) as Record<(typeof buttonTones)[number], object>,
    size: {
      sm: { minHeight: '32px', paddingInline: vars.space['3'], fontSize: vars.fontSize.sm },
      md: { minHeight: '40px', paddingInline: vars.space['4'], fontSize: vars.fontSize.md },
      lg: { minHeight: '48px', paddingInline: vars.space['6'], fontSize: vars.fontSize.lg },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  compoundVariants: variants.flatMap((variant) =>
    buttonTones.map((tone) => ({ variants: { variant, tone }, style: toneVariants(tone)[variant] })),
  ),
  defaultVariants: { variant: 'solid', tone: 'accent', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

/** Keeps long labels on one line with an ellipsis instead of overflowing the button. */
export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 });
export const icon = style({ display: 'inline-flex', flexShrink: 0 });

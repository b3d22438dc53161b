import type { LucideIcon, LucideProps } from 'lucide-react';

/**
 * The one stroke width of every icon in the kit and the portal, in CSS pixels at any icon size
 * (lucide's `absoluteStrokeWidth`): a 14px external-link arrow and a 24px error mark draw the same
 * line as the text beside them.
 */
export const ICON_STROKE_WIDTH = 1.75;

/** `sm` 16px (inline with text, in buttons and lists) · `md` 20px (navigation, toasts) · `lg` 24px (states). */
export type IconSize = 'sm' | 'md' | 'lg';

const PX: Record<IconSize, number> = { sm: 16, md: 20, lg: 24 };

export interface IconProps extends Omit<LucideProps, 'ref' | 'size' | 'strokeWidth' | 'absoluteStrokeWidth'> {
  /** A lucide icon component, e.g. `import { House } from 'lucide-react'`. */
  icon: LucideIcon;
  /** `sm` 16px · `md` 20px (default) · `lg` 24px, or a number of pixels. */
  size?: IconSize | number;
  /**
   * What the icon means, when nothing next to it says so (it is then `role="img"` with this name).
   * Leave it out for decorative icons beside a text label: they are hidden from assistive technology.
   */
  label?: string;
}

/**
 * An icon from the kit's one icon set (lucide) at the kit's one stroke width. Decorative unless it
 * has a `label`.
 */
export function Icon({ icon: Glyph, size = 'md', label, ...rest }: IconProps) {
  return (
    <Glyph
      {...rest}
      size={typeof size === 'number' ? size : PX[size]}
      strokeWidth={ICON_STROKE_WIDTH}
      absoluteStrokeWidth
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}

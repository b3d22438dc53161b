import type { CSSProperties } from 'react';
import type { AppearanceVariables, PortalAppearance } from './config.js';

/** Appearance keys → the ui kit's public theme variables (set on the portal root). */
export const APPEARANCE_VARIABLES: Record<keyof AppearanceVariables, string> = {
  accent: '--cp-color-tone-accent-solid',
  accentText: '--cp-color-tone-accent-onSolid',
  background: '--cp-color-canvas',
  surface: '--cp-color-surface',
  text: '--cp-color-fg',
  radius: '--cp-radius-md',
  fontBody: '--cp-font-body',
  fontHeading: '--cp-font-heading',
};

/** Functions a colour, length or font value needs; any other (url(), image-set(), …) may load a resource. */
const ALLOWED_FUNCTIONS = new Set([
  '', // a plain bracket, as in calc((1rem + 2px) * 2)
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'light-dark',
  'var',
  'calc',
  'min',
  'max',
  'clamp',
]);
const MAX_LENGTH = 200;

/**
 * A value that stays one plain declaration value: no `;`, braces, angle brackets, backslash
 * escapes (`\75rl(` is `url(`), `@`, control characters, and no function outside the allowed
 * set, so nothing can break out of the declaration or fetch a resource.
 */
export function isSafeAppearanceValue(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > MAX_LENGTH) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[;{}<>\\@\u0000-\u001f\u007f]/.test(trimmed)) return false;
  for (const match of trimmed.matchAll(/([\w-]*)\s*\(/g)) {
    if (!ALLOWED_FUNCTIONS.has((match[1] ?? '').toLowerCase())) return false;
  }
  return true;
}

/** The inline custom properties for one colour mode. */
export function appearanceStyle(
  appearance: PortalAppearance | undefined,
  mode: 'light' | 'dark',
): CSSProperties {
  const chosen = appearance?.[mode];
  if (!chosen) return {};
  const style: Record<string, string> = {};
  for (const [key, variable] of Object.entries(APPEARANCE_VARIABLES) as [
    keyof AppearanceVariables,
    string,
  ][]) {
    const value = chosen[key];
    if (isSafeAppearanceValue(value)) style[variable] = value.trim();
  }
  return style as CSSProperties;
}

import type { CSSProperties } from 'react';
import type { AppearanceVariables, PortalAppearance } from './config';

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

/** A value that cannot break out of its declaration (no `;`, braces or url()). */
const SAFE_VALUE = /^[^;{}<>]*$/;

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
    if (typeof value === 'string' && value.trim() && SAFE_VALUE.test(value) && !/url\s*\(/i.test(value)) {
      style[variable] = value.trim();
    }
  }
  return style as CSSProperties;
}

import { describe, expect, it } from 'vitest';
import { APPEARANCE_VARIABLES, appearanceStyle, isSafeAppearanceValue } from './appearance.js';
import type { PortalAppearance } from './config.js';

const styleOf = (appearance: PortalAppearance | undefined, mode: 'light' | 'dark') =>
  appearanceStyle(appearance, mode) as Record<string, string>;

describe('appearance variables', () => {
  it('maps every documented key to a --cp- custom property', () => {
    expect(Object.keys(APPEARANCE_VARIABLES).sort()).toEqual(
      ['accent', 'accentText', 'background', 'fontBody', 'fontHeading', 'radius', 'surface', 'text'].sort(),
    );
    for (const variable of Object.values(APPEARANCE_VARIABLES)) expect(variable).toMatch(/^--cp-[\w-]+$/);
  });

  it('uses the set of the current colour mode only', () => {
    const appearance: PortalAppearance = {
      light: { accent: '#5b21b6', radius: '4px' },
      dark: { accent: '#c4b5fd', text: '#f8fafc' },
    };
    expect(styleOf(appearance, 'light')).toEqual({
      '--cp-color-tone-accent-solid': '#5b21b6',
      '--cp-radius-md': '4px',
    });
    expect(styleOf(appearance, 'dark')).toEqual({
      '--cp-color-tone-accent-solid': '#c4b5fd',
      '--cp-color-fg': '#f8fafc',
    });
  });

  it('sets nothing without an appearance or without a set for the mode', () => {
    expect(styleOf(undefined, 'light')).toEqual({});
    expect(styleOf({ light: { accent: 'red' } }, 'dark')).toEqual({});
    expect(styleOf({ dark: {} }, 'dark')).toEqual({});
  });

  it('keeps ordinary colour, length and font values (trimmed)', () => {
    const kept = [
      '#fff',
      'rebeccapurple',
      ' rgb(10 20 30 / 50%) ',
      'hsl(260deg 70% 40%)',
      'oklch(0.55 0.2 290)',
      'color-mix(in oklab, #5b21b6 80%, white)',
      'var(--brand, #333)',
      'calc((1rem + 2px) * 2)',
      'clamp(4px, 1vw, 12px)',
      '"Inter", "Segoe UI", system-ui, sans-serif',
    ];
    for (const value of kept) {
      expect(isSafeAppearanceValue(value), value).toBe(true);
      expect(styleOf({ light: { fontBody: value } }, 'light')).toEqual({ '--cp-font-body': value.trim() });
    }
  });

  it('drops values that could break out of the declaration or load a resource', () => {
    const dropped = [
      '',
      '   ',
      'red; background: url(https://evil.example/x)',
      'red } body { display: none',
      'url(https://tracker.example/pixel.gif)',
      'URL (https://tracker.example/pixel.gif)',
      '\\75rl(https://tracker.example/pixel.gif)',
      'u/**/rl(https://tracker.example/pixel.gif)',
      'image-set("https://tracker.example/a.png" 1x)',
      '-webkit-image-set("https://tracker.example/a.png" 1x)',
      'expression(alert(1))',
      '</style><script>alert(1)</script>',
      '@import "https://evil.example/x.css"',
      'red\nblue',
      'x'.repeat(201),
    ];
    for (const value of dropped) {
      expect(isSafeAppearanceValue(value), value).toBe(false);
      expect(styleOf({ light: { accent: value, radius: '8px' } }, 'light')).toEqual({
        '--cp-radius-md': '8px',
      });
    }
  });

  it('ignores values that are not strings', () => {
    const appearance = { light: { accent: 42, surface: null, text: { toString: () => 'red' } } };
    expect(styleOf(appearance as unknown as PortalAppearance, 'light')).toEqual({});
  });
});

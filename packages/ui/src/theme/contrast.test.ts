import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';
import { darkColours, lightColours, tones } from './tokens.js';
import type { ColourTokens } from './tokens.js';

const TEXT = 4.5; // WCAG AA, normal text
const GRAPHIC = 3; // WCAG AA, UI components and graphics (1.4.11)

function pairs(c: ColourTokens): [string, string, string, number][] {
  const backgrounds = {
    canvas: c.canvas,
    surface: c.surface,
    surfaceRaised: c.surfaceRaised,
    subtle: c.subtle,
  };
  const out: [string, string, string, number][] = [];
  for (const [bgName, bg] of Object.entries(backgrounds)) {
    out.push([`fg on ${bgName}`, c.fg, bg, TEXT]);
    out.push([`fgMuted on ${bgName}`, c.fgMuted, bg, TEXT]);
    out.push([`fgSubtle on ${bgName}`, c.fgSubtle, bg, TEXT]);
    out.push([`link on ${bgName}`, c.link, bg, TEXT]);
    out.push([`focusRing on ${bgName}`, c.focusRing, bg, GRAPHIC]);
    out.push([`borderStrong on ${bgName}`, c.borderStrong, bg, GRAPHIC]);
    for (const t of tones) {
      out.push([`${t}.fg on ${bgName}`, c.tone[t].fg, bg, TEXT]);
      out.push([`${t}.solid on ${bgName}`, c.tone[t].solid, bg, GRAPHIC]);
    }
    c.chart.forEach((colour, i) => {
      out.push([`chart ${i + 1} on ${bgName}`, colour, bg, GRAPHIC]);
    });
  }
  for (const t of tones) {
    out.push([`${t}.onSolid on solid`, c.tone[t].onSolid, c.tone[t].solid, TEXT]);
    out.push([`${t}.onSolid on solidHover`, c.tone[t].onSolid, c.tone[t].solidHover, TEXT]);
    out.push([`${t}.fg on ${t}.subtle`, c.tone[t].fg, c.tone[t].subtle, TEXT]);
    out.push([`fg on ${t}.subtle`, c.fg, c.tone[t].subtle, TEXT]);
  }
  out.push(['fg on muted', c.fg, c.muted, TEXT]);
  return out;
}

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe.each([
  ['light', lightColours],
  ['dark', darkColours],
])('%s theme meets WCAG AA', (_name, colours) => {
  it.each(pairs(colours))('%s', (_label, fg, bg, min) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
  });
});

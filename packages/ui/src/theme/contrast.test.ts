import { describe, expect, it } from 'vitest';
import { colourDifference, contrastRatio, deltaE2000, simulateVision, toLab, visions } from './contrast.js';
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

describe('deltaE2000', () => {
  // Pairs from Sharma, Wu & Dalal (2005), table 1: hue wrap-around, achromatic and large differences.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ] as const)('%j vs %j = %f', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
    expect(deltaE2000(b, a)).toBeCloseTo(expected, 4);
  });

  it('measures sRGB colours through CIELAB D65', () => {
    expect(toLab('#ffffff')[0]).toBeCloseTo(100, 2);
    expect(toLab('#ff0000').map((v) => Math.round(v))).toEqual([53, 80, 67]);
    expect(colourDifference('#15803d', '#15803d')).toBe(0);
  });
});

describe('simulateVision (Machado et al. 2009, severity 1.0)', () => {
  it('keeps greys grey and leaves normal vision alone', () => {
    for (const v of visions) {
      const [r, g, b] = simulateVision('#808080', v);
      expect(g).toBeCloseTo(r, 2);
      expect(b).toBeCloseTo(r, 2);
    }
    expect(simulateVision('#ff0000')).toEqual([1, 0, 0]);
  });

  it('confuses the classic pairs, each only for its own deficiency', () => {
    // Red and green (deuteranopia), red and a darker green (protanopia: reds look dark), blue and
    // green (tritanopia): over 50 apart with normal vision, close once simulated.
    const cases = [
      ['#d62728', '#2ca02c', 'deuteranopia'],
      ['#d62728', '#2e6b2e', 'protanopia'],
      ['#1f77b4', '#2ca02c', 'tritanopia'],
    ] as const;
    for (const [a, b, confusedBy] of cases) {
      for (const v of visions) {
        const d = colourDifference(a, b, v);
        if (v === confusedBy) expect(d, `${a}/${b} ${v}`).toBeLessThan(v === 'tritanopia' ? 13 : 10);
        else if (v === 'normal') expect(d).toBeGreaterThan(50);
      }
    }
  });
});

/*
 * The chart palette. CIEDE2000 ΔE ≈ 1 is one just-noticeable difference between two large patches
 * side by side. Series are thin lines, small markers and bars, matched to a legend swatch elsewhere
 * on the page, and small marks need far larger differences to be told apart (Stone, Szafir &
 * Setlur, "An Engineering Model for Color Difference as a Function of Size", Color and Imaging
 * Conference 2014). Hence:
 * - SERIES_NORMAL 20: with normal vision any two series read as different named colours, not two
 *   shades of one (the old palette had 12 between its blue and violet).
 * - SERIES_CVD 10 for every pair of all eight colours under each simulated dichromacy (the most
 *   severe form of each deficiency, so anomalous trichromats see more): ten large-patch JNDs, enough
 *   for lines and bars; dash patterns, marker shapes and bar fills (seriesStyle) are the second cue.
 * - FIRST_PAIR 20 in every vision for series 1 and 2, the pair most charts show.
 * - STATUS 20 from the success, danger and warning solids, so no series reads as good, bad or
 *   caution (the old palette drew series 2 in the success green itself, ΔE 0); INFO 15 from the
 *   info solid, a blue with no judgement in it, which the chart blue may resemble more.
 * 3:1 against every background a chart sits on (WCAG 1.4.11) is checked with the pairs above.
 */
const SERIES_NORMAL = 20;
const SERIES_CVD = 10;
const FIRST_PAIR = 20;
const STATUS = 20;
const INFO = 15;

describe.each([
  ['light', lightColours],
  ['dark', darkColours],
])('%s chart palette', (_name, c) => {
  const palette = c.chart;
  const pairs = palette.flatMap((a, i) =>
    palette.slice(i + 1).map((b, k) => [i + 1, i + k + 2, a, b] as const),
  );

  it('has eight distinct colours', () => {
    expect(new Set(palette.map((p) => p.toLowerCase())).size).toBe(8);
  });

  it.each(visions)('keeps every pair apart with %s', (vision) => {
    const min = vision === 'normal' ? SERIES_NORMAL : SERIES_CVD;
    for (const [i, j, a, b] of pairs) {
      expect(colourDifference(a, b, vision), `colours ${i} and ${j}`).toBeGreaterThanOrEqual(min);
    }
    expect(colourDifference(palette[0], palette[1], vision)).toBeGreaterThanOrEqual(FIRST_PAIR);
  });

  it.each(['success', 'danger', 'warning', 'info'] as const)('stays away from the %s tone', (tone) => {
    const status = c.tone[tone].solid;
    for (const colour of palette) {
      expect(colourDifference(colour, status), colour).toBeGreaterThanOrEqual(
        tone === 'info' ? INFO : STATUS,
      );
    }
  });
});

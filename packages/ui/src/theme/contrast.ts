/** WCAG 2.x relative luminance and contrast ratio, for checking token pairs. */
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const luminance = (hex: string) => {
  const [r, g, b] = parseHex(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// ---------------------------------------------------------------------------------------------
// Colour difference and colour-vision-deficiency simulation, for checking the chart palette
// (contrast.test.ts). Pure maths on #rrggbb colours; nothing here ships in the kit's bundle.

export type Lab = readonly [l: number, a: number, b: number];
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';
export const visions: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

type Matrix = readonly [readonly number[], readonly number[], readonly number[]];

/**
 * Dichromacy at severity 1.0, for linear sRGB, from Machado, Oliveira & Fernandes, "A
 * Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009,
 * pp. 1291–1298 (the authors' published matrix table).
 */
export const cvdMatrices: Record<Exclude<Vision, 'normal'>, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** sRGB (IEC 61966-2-1) decoding of one 0–255 channel to linear light. */
const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

const apply = (m: Matrix, v: readonly number[]) =>
  m.map((row) => (row[0] ?? 0) * (v[0] ?? 0) + (row[1] ?? 0) * (v[1] ?? 0) + (row[2] ?? 0) * (v[2] ?? 0));

/** Linear sRGB of `hex` as seen with `vision` (the simulation is applied in linear RGB, then clipped). */
export function simulateVision(hex: string, vision: Vision = 'normal'): [number, number, number] {
  const rgb = parseHex(hex).map(toLinear);
  if (vision === 'normal') return rgb as [number, number, number];
  return apply(cvdMatrices[vision], rgb).map((c) => Math.min(1, Math.max(0, c))) as [number, number, number];
}

/** sRGB (linear) → XYZ, D65. */
const RGB_TO_XYZ: Matrix = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
];
const WHITE_D65 = [0.95047, 1, 1.08883] as const;

/** CIELAB (D65) of `hex`, optionally as seen with a colour-vision deficiency. */
export function toLab(hex: string, vision: Vision = 'normal'): Lab {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = apply(RGB_TO_XYZ, simulateVision(hex, vision)).map((v, i) => f(v / WHITE_D65[i]!)) as [
    number,
    number,
    number,
  ];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const DEG = Math.PI / 180;
const hueAngle = (b: number, a: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / DEG + 360) % 360);

/**
 * CIEDE2000 colour difference (kL = kC = kH = 1), as in Sharma, Wu & Dalal, "The CIEDE2000
 * Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
 * Observations", Color Research & Application 30(1), 2005.
 */
export function deltaE2000([l1, a1, b1]: Lab, [l2, a2, b2]: Lab): number {
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const ap1 = (1 + g) * a1;
  const ap2 = (1 + g) * a2;
  const c1 = Math.hypot(ap1, b1);
  const c2 = Math.hypot(ap2, b2);
  const h1 = hueAngle(b1, ap1);
  const h2 = hueAngle(b2, ap2);
  const chromatic = c1 * c2 !== 0;
  let dh = chromatic ? h2 - h1 : 0;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dL = l2 - l1;
  const dC = c2 - c1;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh / 2) * DEG);
  const lBar = (l1 + l2) / 2;
  const cpBar = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (chromatic) hBar = Math.abs(h1 - h2) > 180 ? (hBar + (hBar < 360 ? 360 : -360)) / 2 : hBar / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * DEG) +
    0.24 * Math.cos(2 * hBar * DEG) +
    0.32 * Math.cos((3 * hBar + 6) * DEG) -
    0.2 * Math.cos((4 * hBar - 63) * DEG);
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cpBar;
  const sH = 1 + 0.015 * cpBar * t;
  const rT =
    -Math.sin(60 * Math.exp(-(((hBar - 275) / 25) ** 2)) * DEG) *
    2 *
    Math.sqrt(cpBar ** 7 / (cpBar ** 7 + 25 ** 7));
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** CIEDE2000 difference between two #rrggbb colours as seen with `vision`. */
export const colourDifference = (a: string, b: string, vision: Vision = 'normal') =>
  deltaE2000(toLab(a, vision), toLab(b, vision));

import type { CSSProperties } from 'react';
import { contrastRatio } from '../theme/contrast.js';
import { type ColourTokens, darkColours, lightColours, type Tone, tones } from '../theme/tokens.js';

/**
 * Foundations: the colour tokens of both themes, drawn from tokens.ts (so the page is always the
 * tokens as they are), each with the contrast ratios that matter for how it is used.
 */

type Theme = { name: 'Light' | 'Dark'; colours: ColourTokens };
const THEMES: Theme[] = [
  { name: 'Light', colours: lightColours },
  { name: 'Dark', colours: darkColours },
];

/** WCAG thresholds: 4.5 for text, 3 for graphics and large text. */
function Ratio({ a, b, min, label }: { a: string; b: string; min: 3 | 4.5; label: string }) {
  const ratio = contrastRatio(a, b);
  const pass = ratio >= min;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label} <strong>{ratio.toFixed(2)}:1</strong>{' '}
      <span style={{ color: pass ? '#15803d' : '#b91c1c' }}>
        {pass ? '✓ passes' : '✗ fails'} {min}:1
      </span>
    </span>
  );
}

const cell: CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid #d5dbe3',
  verticalAlign: 'middle',
};

function Chip({ colour, text }: { colour: string; text?: string }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        inlineSize: 56,
        blockSize: 32,
        borderRadius: 6,
        background: colour,
        color: text ?? 'transparent',
        border: '1px solid rgba(127, 127, 127, 0.35)',
        fontWeight: 700,
      }}
      aria-hidden="true"
    >
      {text ? 'Aa' : null}
    </span>
  );
}

interface Row {
  token: string;
  /** The contract's custom property. */
  variable: string;
  value: (c: ColourTokens) => string;
  /** What it is for. */
  use: string;
  checks: (c: ColourTokens) => { label: string; against: string; min: 3 | 4.5; text?: boolean }[];
}

const SURFACES: Row[] = [
  ['canvas', 'Page background'],
  ['surface', 'Cards, navigation, panels'],
  ['surfaceRaised', 'Overlays: menus, dialogs, drawers'],
  ['subtle', 'Hover and quiet fills'],
  ['muted', 'Tracks, skeletons'],
].map(([token, use]) => ({
  token: token as string,
  variable: `--cp-color-${token}`,
  value: (c) => c[token as 'canvas'],
  use: use as string,
  checks: (c) => [{ label: 'body text', against: c.fg, min: 4.5, text: true }],
}));

const TEXT: Row[] = [
  ['fg', 'Body text'],
  ['fgMuted', 'Secondary text'],
  ['fgSubtle', 'Hints, captions'],
  ['link', 'Links'],
].map(([token, use]) => ({
  token: token as string,
  variable: `--cp-color-${token}`,
  value: (c) => c[token as 'fg'],
  use: use as string,
  checks: (c) => [
    { label: 'on canvas', against: c.canvas, min: 4.5 },
    { label: 'on surface', against: c.surface, min: 4.5 },
  ],
}));

const LINES: Row[] = [
  ['border', 'Dividers, card edges (decorative)'],
  ['borderStrong', 'Input borders'],
  ['focusRing', 'Keyboard focus'],
].map(([token, use]) => ({
  token: token as string,
  variable: `--cp-color-${token}`,
  value: (c) => c[token as 'border'],
  use: use as string,
  checks: (c) => (token === 'border' ? [] : [{ label: 'on surface', against: c.surface, min: 3 }]),
}));

function TokenTable({ rows, caption }: { rows: Row[]; caption: string }) {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>{caption}</caption>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'start' }}>Token</th>
          {THEMES.map((t) => (
            <th key={t.name} style={{ ...cell, textAlign: 'start' }}>
              {t.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.token}>
            <td style={cell}>
              <code>{row.variable}</code>
              <br />
              <span style={{ color: '#4b5563' }}>{row.use}</span>
            </td>
            {THEMES.map(({ name, colours }) => (
              <td key={name} style={cell}>
                <span style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip colour={row.value(colours)} />
                  <code>{row.value(colours)}</code>
                  {row.checks(colours).map((check) => (
                    <Ratio
                      key={check.label}
                      a={row.value(colours)}
                      b={check.against}
                      min={check.min}
                      label={check.label}
                    />
                  ))}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SurfaceColours() {
  return <TokenTable rows={SURFACES} caption="Surfaces" />;
}
export function TextColours() {
  return <TokenTable rows={TEXT} caption="Text" />;
}
export function LineColours() {
  return <TokenTable rows={LINES} caption="Lines and focus" />;
}

const TONE_USE: Record<Tone, string> = {
  neutral: 'Default actions, neutral badges',
  accent: 'Primary actions, the current page, links',
  success: 'Done, healthy, elite',
  warning: 'Attention, approaching a limit',
  danger: 'Failure, destructive actions',
  info: 'Information, in progress',
};

/** The status and action tones: solid fills with their text, tinted fills with theirs. */
export function ToneColours() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>Tones</caption>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'start' }}>Tone</th>
          {THEMES.map((t) => (
            <th key={t.name} style={{ ...cell, textAlign: 'start' }}>
              {t.name}: solid · subtle
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {tones.map((tone) => (
          <tr key={tone}>
            <td style={cell}>
              <code>{`--cp-color-tone-${tone}-*`}</code>
              <br />
              <span style={{ color: '#4b5563' }}>{TONE_USE[tone]}</span>
            </td>
            {THEMES.map(({ name, colours }) => {
              const t = colours.tone[tone];
              return (
                <td key={name} style={cell}>
                  <span style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Chip colour={t.solid} text={t.onSolid} />
                    <Ratio a={t.onSolid} b={t.solid} min={4.5} label="text on solid" />
                    <Chip colour={t.subtle} text={t.fg} />
                    <Ratio a={t.fg} b={t.subtle} min={4.5} label="text on subtle" />
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart palette: series colours in order, each against the surface charts sit on. */
export function ChartColours() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>Chart series</caption>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: 'start' }}>Series</th>
          {THEMES.map((t) => (
            <th key={t.name} style={{ ...cell, textAlign: 'start' }}>
              {t.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lightColours.chart.map((_, i) => (
          <tr key={i}>
            <td style={cell}>
              <code>{`--cp-color-chart-${i + 1}`}</code>
            </td>
            {THEMES.map(({ name, colours }) => (
              <td key={name} style={cell}>
                <span style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip colour={colours.chart[i] as string} />
                  <code>{colours.chart[i]}</code>
                  <Ratio a={colours.chart[i] as string} b={colours.surface} min={3} label="on surface" />
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

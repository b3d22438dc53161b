import type { CSSProperties, ReactNode } from 'react';
import { ThemeRoot } from '../theme/ThemeRoot.js';
import { breakpoints, motion, radii, space, zIndex } from '../theme/tokens.js';
import { vars } from '../theme/contract.css.js';

/** Foundations: the kit's scales (space, radius, elevation, motion, layers, breakpoints), from tokens.ts. */

const cell: CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid #d5dbe3',
  verticalAlign: 'middle',
};

function Scale({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string, string];
  rows: { name: string; variable: string; value: string; sample: ReactNode }[];
}) {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} style={{ ...cell, textAlign: 'start' }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td style={cell}>
              <code>{row.variable}</code>
            </td>
            <td style={cell}>
              <code>{row.value}</code>
            </td>
            <td style={{ ...cell, inlineSize: '50%' }}>{row.sample}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SpaceScale() {
  return (
    <Scale
      caption="Space (a 4 px grid)"
      head={['Token', 'Value', '']}
      rows={Object.entries(space).map(([name, value]) => ({
        name,
        variable: `--cp-space-${name.replace('.', '_')}`,
        value,
        sample: (
          <span style={{ display: 'block', inlineSize: value, blockSize: 12, background: '#1d4ed8' }} />
        ),
      }))}
    />
  );
}

export function RadiusScale() {
  return (
    <Scale
      caption="Corner radius"
      head={['Token', 'Value', '']}
      rows={Object.entries(radii).map(([name, value]) => ({
        name,
        variable: `--cp-radius-${name}`,
        value,
        sample: (
          <span
            style={{
              display: 'block',
              inlineSize: 64,
              blockSize: 40,
              borderRadius: value,
              border: '2px solid #1d4ed8',
            }}
          />
        ),
      }))}
    />
  );
}

/** Shadows in both themes, on the surface they lift a panel from. */
export function Elevation() {
  const levels = ['sm', 'md', 'lg'] as const;
  const use = { sm: 'Cards at rest', md: 'Menus, popovers, the booking button', lg: 'Dialogs, drawers' };
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, marginBlock: 16 }}>
      {(['light', 'dark'] as const).map((mode) => (
        <ThemeRoot key={mode} mode={mode} persist={false} style={{ padding: 24, borderRadius: 12 }}>
          <div style={{ display: 'grid', gap: 24 }}>
            {levels.map((level) => (
              <div
                key={level}
                style={{
                  padding: 16,
                  borderRadius: 8,
                  background: vars.color.surfaceRaised,
                  boxShadow: vars.shadow[level],
                }}
              >
                <code>{`--cp-shadow-${level}`}</code> · {use[level]}
              </div>
            ))}
          </div>
        </ThemeRoot>
      ))}
    </div>
  );
}

export function Motion() {
  const durations = Object.entries(motion.duration);
  const easings = Object.entries(motion.easing);
  return (
    <>
      <Scale
        caption="Durations"
        head={['Token', 'Value', 'Used for']}
        rows={durations.map(([name, value]) => ({
          name,
          variable: `--cp-duration-${name}`,
          value,
          sample: {
            fast: 'Hover and press feedback, tooltips',
            normal: 'Menus, navigation width, tabs',
            slow: 'Dialogs and drawers entering',
          }[name as 'fast'],
        }))}
      />
      <Scale
        caption="Easing"
        head={['Token', 'Value', 'Used for']}
        rows={easings.map(([name, value]) => ({
          name,
          variable: `--cp-easing-${name}`,
          value,
          sample: { standard: 'Everything that moves', emphasized: 'Entrances that should draw the eye' }[
            name as 'standard'
          ],
        }))}
      />
    </>
  );
}

export function Layers() {
  return (
    <Scale
      caption="Layers (z-index), from the page up"
      head={['Token', 'Value', '']}
      rows={Object.entries(zIndex).map(([name, value]) => ({
        name,
        variable: `--cp-zIndex-${name}`,
        value,
        sample: null,
      }))}
    />
  );
}

export function Breakpoints() {
  return (
    <Scale
      caption="Breakpoints (min-width; also the toolbar's viewports)"
      head={['Name', 'From', '']}
      rows={Object.entries(breakpoints).map(([name, px]) => ({
        name,
        variable: name,
        value: `${px}px`,
        sample: (
          <span
            style={{
              display: 'block',
              inlineSize: `${(px / breakpoints['2xl']) * 100}%`,
              blockSize: 8,
              background: '#7b8594',
            }}
          />
        ),
      }))}
    />
  );
}

import { type CSSProperties, useEffect, useState } from 'react';
import { ThemeRoot } from '../theme/ThemeRoot.js';
import { fontFamily, fontSize, fontWeight, lineHeight, type TypeLevel, typeRamp } from '../theme/tokens.js';
import { typography } from '../theme/typography.css.js';

/** Foundations: the type tokens, and the font files the page actually declares. */

const cell: CSSProperties = {
  padding: '8px 12px',
  borderBottom: '1px solid #d5dbe3',
  verticalAlign: 'middle',
};

const RAMP_SAMPLES: Record<TypeLevel, { use: string; en: string; ar: string }> = {
  pageTitle: { use: "A page's one h1", en: 'Delivery analytics', ar: 'تحليلات التسليم' },
  sectionTitle: {
    use: 'Sections of a page, dialog titles',
    en: 'Deployments this quarter',
    ar: 'عمليات النشر هذا الربع',
  },
  cardTitle: {
    use: 'Card, panel and empty-state titles',
    en: 'Lead time for changes',
    ar: 'مدة إنجاز التغييرات',
  },
  body: {
    use: 'Text, table cells, form fields',
    en: 'Median time from first commit to deployment.',
    ar: 'الوسيط من أول إيداع حتى النشر.',
  },
  caption: {
    use: 'Hints, units, secondary details',
    en: 'Last 90 days · updated 5 min ago',
    ar: 'آخر ٩٠ يومًا · حُدّث قبل ٥ دقائق',
  },
};

/** The type ramp, each level as the kit renders it, in English and Arabic. */
export function TypeRamp() {
  return (
    <ThemeRoot persist={false} style={{ padding: 0, marginBlock: 16 }}>
      <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
        <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>The type ramp</caption>
        <tbody>
          {(Object.keys(typeRamp) as TypeLevel[]).map((level) => {
            const t = typeRamp[level];
            const sample = RAMP_SAMPLES[level];
            return (
              <tr key={level}>
                <td style={{ ...cell, inlineSize: 220 }}>
                  <code>{`typography.${level}`}</code>
                  <br />
                  <span style={{ fontSize: 13 }}>
                    {t.fontSize} / {t.lineHeight} · {t.fontWeight === fontWeight.bold ? 'bold' : 'regular'}
                  </span>
                  <br />
                  <span style={{ fontSize: 13, color: '#4b5563' }}>{sample.use}</span>
                </td>
                <td style={cell}>
                  <div className={typography[level]}>{sample.en}</div>
                  <div className={typography[level]} dir="rtl" lang="ar">
                    {sample.ar}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ThemeRoot>
  );
}

export function FontFamilies() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>Families</caption>
      <tbody>
        {Object.entries(fontFamily).map(([name, stack]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{`--cp-font-${name}`}</code>
            </td>
            <td style={{ ...cell, fontFamily: stack, fontSize: 20 }}>
              Delivery, on time. التسليم في الموعد.
              <br />
              <code style={{ fontSize: 12 }}>{stack}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FontSizes() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>
        Sizes, weights, line heights
      </caption>
      <tbody>
        {Object.entries(fontSize).map(([name, size]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{`--cp-fontSize-${name}`}</code> <code>{size}</code>
            </td>
            <td
              style={{ ...cell, fontFamily: fontFamily.body, fontSize: size, lineHeight: lineHeight.normal }}
            >
              Deployment frequency
            </td>
          </tr>
        ))}
        {Object.entries(fontWeight).map(([name, weight]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{`--cp-fontWeight-${name}`}</code> <code>{weight}</code>
            </td>
            <td style={{ ...cell, fontFamily: fontFamily.body, fontSize: 18, fontWeight: Number(weight) }}>
              Deployment frequency
            </td>
          </tr>
        ))}
        {Object.entries(lineHeight).map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code>{`--cp-lineHeight-${name}`}</code> <code>{value}</code>
            </td>
            <td style={{ ...cell, fontFamily: fontFamily.body, lineHeight: value, maxInlineSize: 360 }}>
              Lead time for changes is the median time from a change's first commit to its deployment.
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Face {
  family: string;
  weight: string;
  style: string;
  unicodeRange: string;
  status: string;
}

/** Every @font-face the page declares, with whether the browser has loaded it (live). */
export function DeclaredFonts() {
  const [faces, setFaces] = useState<Face[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      live &&
      setFaces(
        Array.from(document.fonts, (f) => ({
          family: f.family.replace(/["']/g, ''),
          weight: f.weight,
          style: f.style,
          unicodeRange: f.unicodeRange,
          status: f.status,
        })).filter((f) => !/Nunito/i.test(f.family)),
      );
    read();
    void document.fonts.ready.then(read);
    document.fonts.addEventListener('loadingdone', read);
    return () => {
      live = false;
      document.fonts.removeEventListener('loadingdone', read);
    };
  }, []);
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%', marginBlock: 16 }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlockEnd: 8 }}>
        Font files declared by the kit ({faces.length}); a file is downloaded only when text in its range is
        shown
      </caption>
      <thead>
        <tr>
          {['Family', 'Weight', 'Characters (unicode-range)', 'On this page'].map((h) => (
            <th key={h} style={{ ...cell, textAlign: 'start' }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {faces.map((f, i) => (
          <tr key={i}>
            <td style={cell}>{f.family}</td>
            <td style={cell}>{f.weight}</td>
            <td style={{ ...cell, maxInlineSize: 320, overflowWrap: 'anywhere' }}>
              <code style={{ fontSize: 12 }}>{f.unicodeRange}</code>
            </td>
            <td style={cell}>{f.status === 'loaded' ? 'loaded' : 'not needed yet'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Global CSS a real host page might carry: cases embedders of UI kits commonly hit (Tailwind's
 * `.hidden`, box-sizing and rem changes, `button { all: unset }`) plus a Bootstrap-reboot-like set
 * of element rules, some of them !important. None of it may change how the kit looks.
 */
export const HOSTILE_HOST_CSS = `
* , *::before, *::after { box-sizing: content-box; }
html { font-size: 10px; }
body { font: 24px/3 "Comic Sans MS", cursive; color: #f0f; letter-spacing: 2px; text-transform: uppercase; }
button { all: unset; }
input, select, textarea { all: unset; border: 4px inset lime; }
h1, h2, h3, h4, h5, h6 { margin: 40px 0 !important; font-size: 4rem; font-weight: 300; line-height: 3; color: teal; }
p, li, td, th, label, span { line-height: 3; font-size: 1.2rem; color: purple; margin: 12px; }
a { color: hotpink !important; text-decoration: line-through; }
table { border-collapse: separate; border-spacing: 12px; caption-side: bottom; }
svg, img { width: 100px; height: auto; vertical-align: top; }
ul, ol { padding-left: 80px; list-style: square; }
.hidden, .container, .button, .btn, .card, .badge, .active, .open, .root, .content, .title, .label, .icon,
.table, .row, .header, .footer, .nav, .menu, .tooltip, .dialog, .drawer, .avatar, .progress, .tabs, .spinner
  { display: none !important; }
[data-state], [data-part], [data-scope] { outline: 5px solid red; }
`;

export const COMPARED_PROPERTIES = [
  'display',
  'box-sizing',
  'width',
  'height',
  'margin-top',
  'margin-inline-start',
  'padding-top',
  'padding-inline-start',
  'border-top-width',
  'border-top-style',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-decoration-line',
  'color',
  'background-color',
  'outline-style',
  'border-top-left-radius',
  'vertical-align',
  'cursor',
  'font-style',
  'font-variant-caps',
  'word-spacing',
  'text-indent',
  'text-shadow',
  'text-align',
  'float',
  'min-width',
] as const;

/**
 * Where `el`'s box is, relative to `root`'s (the page may move the container the kit is in); an
 * element that is not rendered (display: none) has no box.
 */
export function boxWithin(el: Element, root: Element): string {
  if (el.getClientRects().length === 0) return 'not rendered';
  const r = el.getBoundingClientRect();
  const o = root.getBoundingClientRect();
  return `${Math.round(r.x - o.x)},${Math.round(r.y - o.y)},${Math.round(r.width)}x${Math.round(r.height)}`;
}

/** Computed style and box of every element under `root`, to compare with and without host CSS. */
export function fingerprint(root: Element): string[] {
  return [root, ...Array.from(root.querySelectorAll('*'))].map((el) => {
    const s = getComputedStyle(el);
    const props = COMPARED_PROPERTIES.map((p) => `${p}:${s.getPropertyValue(p)}`).join(';');
    return `${el.tagName.toLowerCase()}[${boxWithin(el, root)}] ${props}`;
  });
}

// After `vite build` of a kit package: ship fonts with the package (no font CDN), and write the
// two stylesheet flavours:
//   styles.css            everything inside `@layer client-portal` (import and go)
//   styles.unlayered.css  the same rules unlayered, for `@import url(...) layer(your-name)` so a host
//                         can pick the layer's name and its order among its own layers.
//
// Usage: node finish-css.mjs [dist] [--include <package>]
//   --include @client-portal/ui   prepend that (built) package's rules and reuse its fonts, so that a
//                                 consumer of this package imports one stylesheet (packages/portal).
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

import { LAYER_NAME as LAYER } from './layer-name.mjs';
// The faces the kit uses: Lato (body and headings, 400 and 700, the only weights the kit sets) for
// Latin scripts, and Noto Sans Arabic, drawn to sit with it, for Arabic. One file per weight and
// script, each with its subset's `unicode-range` (from fontsource's per-weight stylesheets), so a page
// downloads only the files for the characters it shows: English text loads two Latin files.
const FONTS = [
  ['@fontsource/lato', ['400', '700'], ['latin', 'latin-ext']],
  ['@fontsource/noto-sans-arabic', ['400', '700'], ['arabic']],
];

const args = process.argv.slice(2);
const includeAt = args.indexOf('--include');
const include = includeAt >= 0 ? args.splice(includeAt, 2)[1] : null;
if (includeAt >= 0 && !include) throw new Error('finish-css: --include needs a package name');
const dist = resolve(args[0] ?? 'dist');
const require = createRequire(join(process.cwd(), 'package.json'));
const IMPORT_FONTS = /^@import url\(['"]?\.\/fonts\.css['"]?\);\s*/;

/** The included package's unlayered rules; its fonts.css and fonts/ are copied next to ours. */
function includedRules(pkg) {
  const unlayered = require.resolve(`${pkg}/styles.unlayered.css`);
  const from = dirname(unlayered);
  for (const file of ['fonts.css', 'fonts']) {
    if (!existsSync(join(from, file))) throw new Error(`finish-css: ${pkg} has no ${file}; build it first`);
  }
  copyFileSync(join(from, 'fonts.css'), join(dist, 'fonts.css'));
  cpSync(join(from, 'fonts'), join(dist, 'fonts'), { recursive: true });
  return readFileSync(unlayered, 'utf8').replace(IMPORT_FONTS, '');
}

function bundleFonts() {
  mkdirSync(join(dist, 'fonts'), { recursive: true });
  let fontsCss = '/* Fonts bundled with @client-portal/ui (SIL Open Font License 1.1). */\n';
  for (const [pkg, weights, subsets] of FONTS) {
    const pkgDir = dirname(require.resolve(`${pkg}/package.json`));
    // The fonts' own licence (SIL Open Font License) travels with the files.
    copyFileSync(join(pkgDir, 'LICENSE'), join(dist, 'fonts', `${pkg.split('/')[1]}-LICENSE.txt`));
    for (const weight of weights) {
      const faces = readFileSync(join(pkgDir, `${weight}.css`), 'utf8').split(/(?=\/\* [\w-]+ \*\/)/);
      for (const subset of subsets) {
        const face = faces.find((f) => f.startsWith(`/* ${pkg.split('/')[1]}-${subset}-${weight}-normal */`));
        if (!face) throw new Error(`finish-css: ${pkg} has no ${subset} ${weight} face`);
        if (!/unicode-range:/.test(face))
          throw new Error(`finish-css: ${pkg} ${subset} ${weight} has no unicode-range`);
        const css = face
          // keep woff2 only: every browser that supports cascade layers supports woff2
          .replace(/,\s*url\(\.\/files\/[^)]+\.woff\) format\('woff'\)/g, '')
          .replace(/url\(\.\/files\//g, 'url(./fonts/');
        for (const m of css.matchAll(/url\(\.\/fonts\/([^)]+)\)/g)) {
          copyFileSync(join(pkgDir, 'files', m[1]), join(dist, 'fonts', m[1]));
        }
        fontsCss += `${css.trim()}\n`;
      }
    }
  }
  writeFileSync(join(dist, 'fonts.css'), fontsCss);
}

const built =
  readdirSync(dist).find((f) => f === 'styles.css') ??
  readdirSync(dist).find((f) => f.endsWith('.css') && !f.startsWith('fonts') && !f.startsWith('styles.'));
if (!built) throw new Error(`finish-css: no CSS emitted in ${dist}`);
const own = readFileSync(join(dist, built), 'utf8').replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, '');
if (built !== 'styles.css') rmSync(join(dist, built));
// Included rules first: ours come later in the same layer and win ties.
const raw = include ? `${includedRules(include).trim()}\n${own}` : own;
if (!include) bundleFonts();
writeFileSync(join(dist, 'styles.unlayered.css'), `@import url('./fonts.css');\n${raw}`);
writeFileSync(
  join(dist, 'styles.css'),
  `@import url('./fonts.css') layer(${LAYER});\n@layer ${LAYER} {\n${raw}\n}\n`,
);
// A portal in a shadow root (isolation: 'shadow') adopts the same rules as text: the build's
// development stand-in for that module (it reads the page's stylesheets) is replaced by them.
const SHADOW_STYLES = join(dist, 'embedding', 'shadowStyles.js');
if (existsSync(SHADOW_STYLES)) {
  writeFileSync(
    SHADOW_STYLES,
    `// The portal's stylesheet for a shadow root, written by scripts/finish-css.mjs.\nconst css = ${JSON.stringify(`@layer ${LAYER} {\n${raw}\n}\n`)};\nexport default css;\n`,
  );
  rmSync(`${SHADOW_STYLES}.map`, { force: true });
}
console.log(
  `finish-css: ${dist}/styles.css (${raw.length} bytes of rules${include ? `, with ${include}` : ''}), fonts.css`,
);

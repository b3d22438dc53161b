// After `vite build` of @client-portal/ui: ship fonts with the package (no font CDN), and write the
// two stylesheet flavours:
//   styles.css            everything inside `@layer client-portal` (import and go)
//   styles.unlayered.css  the same rules unlayered, for `@import url(...) layer(your-name)` so a host
//                         can pick the layer's name and its order among its own layers.
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

import { LAYER_NAME as LAYER } from './layer-name.mjs';
const FONTS = [
  ['@fontsource/lato', ['latin-400', 'latin-ext-400', 'latin-700', 'latin-ext-700']],
  ['@fontsource/space-grotesk', ['latin-500', 'latin-ext-500', 'latin-700', 'latin-ext-700']],
];

const dist = resolve(process.argv[2] ?? 'dist');
const require = createRequire(join(process.cwd(), 'package.json'));

mkdirSync(join(dist, 'fonts'), { recursive: true });
let fontsCss = '/* Fonts bundled with @client-portal/ui (SIL Open Font License 1.1). */\n';
for (const [pkg, files] of FONTS) {
  const pkgDir = dirname(require.resolve(`${pkg}/package.json`));
  for (const f of files) {
    const css = readFileSync(join(pkgDir, `${f}.css`), 'utf8')
      // keep woff2 only: every browser that supports cascade layers supports woff2
      .replace(/,\s*url\(\.\/files\/[^)]+\.woff\) format\('woff'\)/g, '')
      .replace(/url\(\.\/files\//g, 'url(./fonts/');
    for (const m of css.matchAll(/url\(\.\/fonts\/([^)]+)\)/g)) {
      copyFileSync(join(pkgDir, 'files', m[1]), join(dist, 'fonts', m[1]));
    }
    fontsCss += `${css.trim()}\n`;
  }
}
writeFileSync(join(dist, 'fonts.css'), fontsCss);

const built =
  readdirSync(dist).find((f) => f === 'styles.css') ??
  readdirSync(dist).find((f) => f.endsWith('.css') && !f.startsWith('fonts') && !f.startsWith('styles.'));
if (!built) throw new Error(`finish-css: no CSS emitted in ${dist}`);
const raw = readFileSync(join(dist, built), 'utf8').replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, '');
if (built !== 'styles.css') renameSync(join(dist, built), join(dist, 'styles.tmp'));
writeFileSync(join(dist, 'styles.unlayered.css'), `@import url('./fonts.css');\n${raw}`);
writeFileSync(
  join(dist, 'styles.css'),
  `@import url('./fonts.css') layer(${LAYER});\n@layer ${LAYER} {\n${raw}\n}\n`,
);
if (existsSync(join(dist, 'styles.tmp'))) (await import('node:fs')).rmSync(join(dist, 'styles.tmp'));
console.log(`finish-css: ${dist}/styles.css (${raw.length} bytes of rules), fonts.css`);

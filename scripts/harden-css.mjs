// PostCSS plugin: makes the kit's CSS immune to a host page's global CSS.
//
// Unlayered author CSS always beats layered CSS, whatever the specificity, so a host rule like
// `button { all: unset }` would override any layered component style. Important declarations in a
// layer beat every unlayered declaration (even !important ones), so every declaration of ours is
// marked !important; inside our own layer the relative order of our rules is unchanged.
// Custom properties stay normal so hosts can theme us from plain CSS (the appearance contract),
// and @font-face / @keyframes / @property are left alone (!important is invalid or ignored there).

const SKIP_AT_RULES = new Set(['font-face', 'keyframes', 'property', 'counter-style', 'page']);

/** Only the kit's own CSS is hardened: vanilla-extract output and files under packages/ *\/src. */
export const isKitCss = (file) =>
  typeof file === 'string' && (/\.css\.ts\.vanilla\.css/.test(file) || /\.css\.ts$/.test(file));

/** @param {{ layer?: string | null, filter?: (file: string | undefined) => boolean }} [options] */
export function hardenCss(options = {}) {
  const { layer = null, filter = isKitCss } = options;
  return {
    postcssPlugin: 'client-portal-harden',
    Once(root, { AtRule }) {
      if (!filter(root.source?.input?.file ?? root.source?.input?.id)) return;
      root.walkDecls((decl) => {
        if (decl.prop.startsWith('--')) return;
        for (let p = decl.parent; p; p = p.parent) {
          if (p.type === 'atrule' && SKIP_AT_RULES.has(p.name.replace(/^-\w+-/, ''))) return;
        }
        decl.important = true;
      });
      if (layer && root.nodes.length > 0) {
        const wrapper = new AtRule({ name: 'layer', params: layer });
        wrapper.append(root.nodes);
        root.append(wrapper);
      }
    },
  };
}
hardenCss.postcss = true;

/** Marks a whole stylesheet's declarations important (used on built output). */
export const hardenAll = () => hardenCss({ filter: () => true });

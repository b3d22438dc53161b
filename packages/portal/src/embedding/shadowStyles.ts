/**
 * The portal's CSS as text, for a shadow root (ShadowIsolation). The package build replaces this
 * module with the whole published stylesheet (scripts/finish-css.mjs writes
 * dist/embedding/shadowStyles.js); in development (Storybook, tests) the rules the page has loaded
 * are used instead, which are the portal's and the kit's.
 */
function pageRules(): string {
  if (typeof document === 'undefined') return '';
  return Array.from(document.styleSheets)
    .flatMap((sheet) => {
      try {
        return Array.from(sheet.cssRules, (rule) => rule.cssText);
      } catch {
        return []; // another origin's stylesheet, without CORS
      }
    })
    .join('\n');
}

const css: string = pageRules();
export default css;

import type { DemoSignIn } from '../store/index.js';

export interface FallbackPageOptions {
  /** Demo accounts to list (demo mode only), with their shared password. */
  demo: { password: string; accounts: readonly DemoSignIn[] } | null;
  /** Where the page is served ('' for the root). */
  basePath?: string;
}

export const FALLBACK_STYLESHEET_PATH = '/_host/page.css';

// Served as a file: the CSP allows no inline styles.
export const FALLBACK_STYLESHEET = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; }
main { max-width: 40rem; margin: 3rem auto; padding: 0 1.25rem; }
code { font-size: 0.95em; }
a { color: LinkText; }
.signin { display: inline-block; padding: 0.6rem 1.1rem; border-radius: 0.4rem; background: #1d4ed8; color: #fff; text-decoration: none; font-weight: 600; }
.signin:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page "/" shows until the portal ships its standalone build. */
export function fallbackPage({ demo, basePath = '' }: FallbackPageOptions): string {
  const demoSection = demo
    ? `<section aria-labelledby="demo-heading">
      <h2 id="demo-heading">Demo sign-ins</h2>
      <p>This host runs with demo data. Every account uses the password <code>${escapeHtml(demo.password)}</code>.</p>
      <ul>
${demo.accounts.map((a) => `        <li><code>${escapeHtml(a.email)}</code>: ${escapeHtml(a.description)}</li>`).join('\n')}
      </ul>
    </section>`
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Client Portal</title>
    <link rel="stylesheet" href="${escapeHtml(basePath)}${FALLBACK_STYLESHEET_PATH}">
  </head>
  <body>
    <main>
      <h1>Client Portal</h1>
      <p>This is the client portal's standalone host: it serves the portal's API under <code>/api</code>.
        The portal's web app is not part of this build yet, so this page stands in for it.</p>
      <p><a class="signin" href="/api/auth/login">Sign in</a></p>
      ${demoSection}
      <h2>For developers</h2>
      <ul>
        <li><a href="/api/openapi.json">API description (OpenAPI 3.1)</a></li>
        <li><a href="/api/auth/me">Current session</a> (empty when signed out)</li>
        <li><a href="/readyz">Readiness</a></li>
      </ul>
    </main>
  </body>
</html>
`;
}

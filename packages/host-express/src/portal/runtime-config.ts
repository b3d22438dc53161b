import type { HostConfig } from '../config/index.js';

/**
 * The id of the JSON data block in the standalone portal's index.html that carries its runtime
 * configuration (read by the portal's src/standalone/runtimeConfig.ts).
 */
export const RUNTIME_CONFIG_ID = 'client-portal-config';

/** What the standalone portal learns from its host at runtime. Every field is optional to the portal. */
export interface PortalRuntimeConfig {
  /** Where the portal is served ('' for the root): its path routing's base path. */
  basePath: string;
  /** The sign-in page: a password form for AUTH_MODE=local, a single-sign-on button for oidc. */
  signInMode: 'local' | 'sso';
  /** Product analytics; null: none (nothing is loaded). */
  posthog: { key: string; host: string } | null;
  /** The CRM lifecycle stage that opens Home (the same one the demo data uses). */
  homeLifecycleStage: string;
  /** Absent: the portal's default (English). */
  locale?: string;
  /** Footer links; a missing one keeps the portal's default. */
  links?: { privacyPolicy?: string; website?: string; contact?: string };
  /** The provider's brand; absent: the portal's default name and mark. */
  brand?: { name?: string; logo?: string };
  /** Demo mode with the demo accounts in the store: listed on the sign-in page. */
  demo?: { password: string; accounts: { email: string; description: string }[] };
}

/** The demo accounts the sign-in page lists (demo mode only). */
export interface RuntimeDemo {
  password: string;
  accounts: readonly { email: string; description: string }[];
}

export function portalRuntimeConfig(
  config: HostConfig,
  demo: RuntimeDemo | null = null,
): PortalRuntimeConfig {
  const links = config.portalLinks;
  return {
    basePath: config.portalBasePath,
    signInMode: config.auth.mode === 'oidc' ? 'sso' : 'local',
    posthog: config.posthog ? { key: config.posthog.key, host: config.posthog.host } : null,
    homeLifecycleStage: config.homeLifecycleStage,
    ...(config.portalLocale ? { locale: config.portalLocale } : {}),
    ...(Object.keys(links).length > 0 ? { links: { ...links } } : {}),
    ...(Object.keys(config.portalBrand).length > 0 ? { brand: { ...config.portalBrand } } : {}),
    ...(demo
      ? {
          demo: {
            password: demo.password,
            accounts: demo.accounts.map((a) => ({ email: a.email, description: a.description })),
          },
        }
      : {}),
  };
}

/**
 * JSON that is safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>`, `&`,
 * or the JavaScript line separators, all written as \u escapes that JSON.parse reads back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const DATA_BLOCK = new RegExp(
  `<script\\b[^>]*\\bid=["']?${RUNTIME_CONFIG_ID}["']?[^>]*>[\\s\\S]*?</script>`,
  'i',
);

/**
 * Writes the runtime configuration into index.html as a JSON data block (`type="application/json"`
 * is never executed, so the CSP's `script-src 'self'` allows it): replaces the build's placeholder
 * block, or adds one before `</head>`.
 */
export function injectRuntimeConfig(html: string, runtime: PortalRuntimeConfig): string {
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${scriptSafeJson(runtime)}</script>`;
  if (DATA_BLOCK.test(html)) return html.replace(DATA_BLOCK, () => block);
  return beforeHeadEnd(html, block);
}

/** `markup` on a line of its own before `</head>`, or at the start of a page without one. */
export function beforeHeadEnd(html: string, markup: string): string {
  const head = html.search(/<\/head>/i);
  if (head >= 0) return `${html.slice(0, head)}${markup}\n${html.slice(head)}`;
  return `${markup}\n${html}`;
}

/** The id of the JSON data block with the page's first answers (the portal's standalone entry reads it). */
export const INITIAL_ANSWERS_ID = 'client-portal-answers';

/** index.html's preload of the session check (the first call of a page without its answers). */
const SESSION_PRELOAD = /<link\b[^>]*\brel=["']?preload\b[^>]*\/api\/auth\/me\b[^>]*>[^\S\n]*\n?/i;

/**
 * Writes the page's first answers into index.html before `</head>`, as a JSON data block. With the
 * session among them, the build's preload of the session check goes: nothing would use it.
 */
export function injectInitialAnswers(html: string, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return html;
  if ('GET /api/auth/me' in answers) html = html.replace(SESSION_PRELOAD, '');
  return beforeHeadEnd(
    html,
    `<script type="application/json" id="${INITIAL_ANSWERS_ID}">${scriptSafeJson({ answers })}</script>`,
  );
}

import type { InitialAnswers } from '@client-portal/api-client';
import type { DemoSignIns, PortalBrand, PortalLinks, PortalPostHogOptions } from '../config.js';

/**
 * The id of the JSON data block in the standalone index.html that carries the runtime
 * configuration. The host writes it (packages/host-express/src/portal/runtime-config.ts):
 *
 * ```html
 * <script type="application/json" id="client-portal-config">
 *   {"signInMode":"local","posthog":{"key":"phc_…","host":"https://eu.i.posthog.com"},
 *    "homeLifecycleStage":"249503789","locale":"de","links":{"privacyPolicy":"https://…"}}
 * </script>
 * ```
 *
 * A data block is never executed, so a CSP with `script-src 'self'` allows it. Every field is
 * optional; a missing, malformed or unexpected value falls back to the portal's default.
 */
export const RUNTIME_CONFIG_ID = 'client-portal-config';

export interface StandaloneConfig {
  /** Where the host serves the portal ('' for the root): the base path of its path routing. */
  basePath: string;
  signInMode: 'local' | 'sso';
  locale: string;
  posthog?: PortalPostHogOptions;
  homeLifecycleStage?: string;
  links?: Partial<PortalLinks>;
  /** Demo mode only: the demo accounts and their password, for the sign-in page. */
  demo?: DemoSignIns;
  /** The provider's brand: a one-line name (at most 80) and an http(s) logo URL. */
  brand?: PortalBrand;
}

/** Demo accounts: at most 10, each a short single line. */
const MAX_DEMO_ACCOUNTS = 10;
const shortLine = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  [...value].every((c) => (c.codePointAt(0) ?? 0) >= 0x20);

function demoOf(value: unknown): DemoSignIns | undefined {
  if (!isRecord(value) || !shortLine(value.password, 200) || !Array.isArray(value.accounts)) return undefined;
  const accounts = value.accounts
    .filter(isRecord)
    .filter((a) => shortLine(a.email, 320) && shortLine(a.description, 200))
    .slice(0, MAX_DEMO_ACCOUNTS)
    .map((a) => ({ email: a.email as string, description: a.description as string }));
  return accounts.length > 0 ? { password: value.password, accounts } : undefined;
}

const BASE_PATH = /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/;
const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const POSTHOG_KEY = /^[A-Za-z0-9_-]{1,200}$/;
const LINK_KEYS = ['privacyPolicy', 'website', 'contact'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An absolute http(s) URL (no `javascript:` or relative tricks), or undefined. */
function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the runtime configuration from the data block's text; never throws. */
export function parseRuntimeConfig(text: string | null | undefined): StandaloneConfig {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const input = isRecord(raw) ? raw : {};
  const config: StandaloneConfig = {
    basePath:
      typeof input.basePath === 'string' &&
      BASE_PATH.test(input.basePath) &&
      !/\/\.\.?(\/|$)/.test(input.basePath)
        ? input.basePath
        : '',
    signInMode: input.signInMode === 'sso' ? 'sso' : 'local',
    locale: typeof input.locale === 'string' && LOCALE.test(input.locale) ? input.locale : 'en',
  };
  if (
    isRecord(input.posthog) &&
    typeof input.posthog.key === 'string' &&
    POSTHOG_KEY.test(input.posthog.key)
  ) {
    const host = httpUrl(input.posthog.host);
    config.posthog = { key: input.posthog.key, ...(host ? { host: host.replace(/\/+$/, '') } : {}) };
  }
  if (typeof input.homeLifecycleStage === 'string' && input.homeLifecycleStage.trim()) {
    config.homeLifecycleStage = input.homeLifecycleStage.trim();
  }
  if (isRecord(input.links)) {
    const links: Partial<PortalLinks> = {};
    for (const key of LINK_KEYS) {
      const url = httpUrl(input.links[key]);
      if (url) links[key] = url;
    }
    if (Object.keys(links).length > 0) config.links = links;
  }
  const demo = demoOf(input.demo);
  if (demo) config.demo = demo;
  if (isRecord(input.brand)) {
    const brand: PortalBrand = {};
    if (shortLine(input.brand.name, 80) && input.brand.name.trim()) brand.name = input.brand.name.trim();
    const logo = httpUrl(input.brand.logo);
    if (logo) brand.logo = logo;
    if (Object.keys(brand).length > 0) config.brand = brand;
  }
  return config;
}

/**
 * The id of the JSON data block in which the standalone host puts the answers of the page it serves
 * (`{"answers":{"GET /api/auth/me":{"status":200,"body":{…}},…}}`), for the portal's first calls.
 */
export const INITIAL_ANSWERS_ID = 'client-portal-answers';

/** At most this many answers are taken from the page (the host writes ten or so). */
const MAX_INITIAL_ANSWERS = 50;
const ANSWER_KEY = /^(GET|POST) \/api\/\S{1,2000}$/;

/**
 * The answers block, or null when it is missing or not what the host writes. Each answer's body is
 * still checked against the contract by the client before it is used.
 */
export function parseInitialAnswers(text: string | null | undefined): InitialAnswers | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.answers)) return null;
  const answers: InitialAnswers['answers'] = {};
  for (const [key, answer] of Object.entries(value.answers).slice(0, MAX_INITIAL_ANSWERS)) {
    if (!ANSWER_KEY.test(key) || !isRecord(answer) || typeof answer.status !== 'number') continue;
    answers[key] = { status: answer.status, body: answer.body };
  }
  return Object.keys(answers).length > 0 ? { answers } : null;
}

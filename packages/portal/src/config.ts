import type { ApiClient, InitialAnswers } from '@client-portal/api-client';
import type { ColorMode } from '@client-portal/ui';
import type { Messages } from './i18n/messages.en.js';

/**
 * Where the portal keeps its route. `path`: the browser's address (under `basePath`, e.g. '/portal'),
 * with history navigation. `memory`: an in-memory history starting at `initialPath`, for hosts that
 * own the address bar (a widget, a modal, a test).
 */
export type PortalRouting = { mode: 'path'; basePath?: string } | { mode: 'memory'; initialPath?: string };

/**
 * The public theming contract: a few theme variables per colour mode. Each is also a CSS custom
 * property on the portal root (in brackets), so a host can set them in plain CSS instead.
 */
export interface AppearanceVariables {
  /** Buttons, links and the active navigation entry (`--cp-color-tone-accent-solid`). */
  accent?: string;
  /** Text on the accent colour (`--cp-color-tone-accent-onSolid`). */
  accentText?: string;
  /** Page background (`--cp-color-canvas`). */
  background?: string;
  /** Cards, navigation and panels (`--cp-color-surface`). */
  surface?: string;
  /** Body text (`--cp-color-fg`). */
  text?: string;
  /** Corner radius of cards and panels (`--cp-radius-md`). */
  radius?: string;
  /** Body font stack (`--cp-font-body`). */
  fontBody?: string;
  /** Heading font stack (`--cp-font-heading`). */
  fontHeading?: string;
}

/** Theme variables per colour mode; a mode left out keeps the kit's theme. */
export interface PortalAppearance {
  /** The variables in light mode (and in `system` mode when the system is light). */
  light?: AppearanceVariables;
  /** The variables in dark mode (and in `system` mode when the system is dark). */
  dark?: AppearanceVariables;
}

export interface PortalPostHogOptions {
  /** Project API key; without it nothing is loaded or sent. */
  key: string;
  /** The PostHog API host (https://eu.i.posthog.com for the EU cloud). Default https://us.i.posthog.com. */
  host?: string;
  /**
   * The visitor opted out of product analytics: PostHog is neither loaded nor sent anything. Pass the
   * visitor's choice (e.g. from the site's consent banner); `update()` applies a change.
   */
  optOut?: boolean;
}

/** The provider's brand at the top of the navigation and in the footer's copyright line. */
export interface PortalBrand {
  /** The provider's name: the logo's text and accessible name, and the copyright holder. Default: "Client Portal". */
  name?: string;
  /**
   * The provider's square mark (any image URL: https, a same-origin path or a data: URL), drawn
   * 36 × 36 beside the name and alone in the collapsed navigation. Default: the portal's own mark.
   */
  logo?: string;
}

/** The provider's pages, linked from the portal's footer (each opens in a new tab). */
export interface PortalLinks {
  /** The privacy policy ("Privacy policy"). */
  privacyPolicy: string;
  /** The provider's website ("Website"). */
  website: string;
  /** The contact page ("Contact us"). */
  contact: string;
}

/** What the portal tells its host page about. */
export interface PortalCallbacks {
  /** The frame rendered with a signed-in user (or the sign-in page rendered). */
  onReady?: () => void;
  /** The portal's route changed (path relative to the portal, with its query). */
  onNavigate?: (path: string) => void;
  /** A page, a panel or a call failed; `where` names the boundary. */
  onError?: (error: unknown, where: string) => void;
  /** The user signed out (after the session ended and the cache was cleared). */
  onSignOut?: () => void;
}

/** Demo accounts a host running demo data offers on the sign-in page (one shared password). */
export interface DemoSignIns {
  password: string;
  accounts: readonly { email: string; description: string }[];
}

export interface ClientPortalOptions extends PortalCallbacks {
  /**
   * A host running demo data: the accounts to list on the portal's sign-in page, each one click away
   * from a filled-in form. Leave it out everywhere else (the standalone host passes it only in demo
   * mode).
   */
  demoSignIns?: DemoSignIns;
  /** Origin (and optional path) of the host that serves /api. Default: the page's own origin. */
  apiBaseUrl?: string;
  /** For a host on another site: an access token per request (sent as a bearer token). */
  getAccessToken?: () => Promise<string | null>;
  /**
   * Answers the page arrived with, so the first screen needs no round trip to `/api`: the
   * standalone host writes those of the page it serves into its HTML, and a server that renders the
   * page can do the same. Each is used once, by the call that matches it exactly (method, path and
   * query), within 30 s of the portal's start; see `InitialAnswers` of `@client-portal/api-client`.
   */
  initialAnswers?: InitialAnswers | null;
  /**
   * Where the portal keeps its route: `{ mode: 'path', basePath? }` (the browser's address; default,
   * with `basePath: ''`) or `{ mode: 'memory', initialPath? }` (a history of its own).
   */
  routing?: PortalRouting;
  /**
   * Where a visitor without a session signs in. Leave it out to use the portal's own sign-in page,
   * at `/auth/signin` inside the portal (`<basePath>/auth/signin` with path routing): it follows the
   * portal wherever it is mounted, and after sign-in and sign-out the visitor stays in the portal.
   * Set it when sign-in happens elsewhere, e.g. the site's own sign-in page: the browser is sent
   * there with `returnTo` (the portal address to come back to), replacing the current history entry,
   * and that page must send the visitor back to `returnTo` once signed in.
   */
  loginUrl?: string;
  /** The sign-in page: a password form (`local`, default) or a single-sign-on button (`sso`). */
  signInMode?: 'local' | 'sso';
  /**
   * Brand theme variables per colour mode: `{ light: {…}, dark: {…} }`, each with any of `accent`,
   * `accentText`, `background`, `surface`, `text`, `radius`, `fontBody`, `fontHeading`. A value that
   * is not a plain colour, length or font (`url()`, `;`, braces…) is ignored. Default: the kit's themes.
   */
  appearance?: PortalAppearance;
  /**
   * Initial colour mode: `light` (default) · `dark` · `system`. The visitor's choice in the settings
   * menu is kept in localStorage and wins on later visits.
   */
  colorScheme?: ColorMode;
  /**
   * Prefix of the portal's localStorage keys (colour mode, navigation mini mode, contrast). Default:
   * `client-portal` for the first portal of the page, `client-portal-2`, `client-portal-3`… for the
   * others in document order, so each portal keeps its own settings. Portals given the same prefix
   * share them.
   */
  storageKeyPrefix?: string;
  /** `en` (default), `ar` (right to left), `de`, or any BCP 47 tag with `messages`. */
  locale?: string;
  /** Overrides any message of the catalogue. */
  messages?: Partial<Messages>;
  /** The provider's brand: `{ name, logo }` at the top of the navigation (see PortalBrand). */
  brand?: PortalBrand;
  /**
   * Product analytics: `{ key, host?, optOut? }`. PostHog is downloaded only on first use, profiles
   * identified users only and gets the portal's page views. Default: none (nothing loaded or sent).
   */
  posthog?: PortalPostHogOptions;
  /**
   * The footer's links: `{ privacyPolicy, website, contact }`. Any left out keeps its default, a
   * placeholder example.com page (`DEFAULT_LINKS`), so set all three.
   */
  links?: Partial<PortalLinks>;
  /** The CRM lifecycle stage whose contacts see the Home page. Default `'249503789'`. */
  homeLifecycleStage?: string;
  /** Tests and stories: a ready client instead of one built from `apiBaseUrl`. */
  apiClient?: ApiClient;
  /** Extra class on the portal root. */
  className?: string;
  /**
   * How the portal is kept apart from the page's CSS. `none` (default): the portal's rules live in
   * a cascade layer and win over the page's element rules (`*`, `p`, `nav a`, `button`…) for the
   * typography and box model of everything the portal renders. `shadow`: the portal renders into a
   * shadow root of an element of its own, which no rule of the page can reach (for pages with class
   * or id rules that would hit the portal's elements). In shadow mode the page must still declare
   * the fonts: import `@client-portal/portal/fonts.css` (or `styles.css`).
   */
  isolation?: 'none' | 'shadow';
  /**
   * How the portal presents itself to assistive technology. `page` (default): the portal is the
   * page's content, with one `main`, a banner and a contentinfo, as the standalone portal is.
   * `region`: the page has landmarks of its own, or several portals: the portal is one region named
   * `label`, its header and footer are not the page's, its content is no second `main`, and its
   * navigations carry the label in their names.
   */
  landmarks?: 'page' | 'region';
  /** The portal's accessible name (used by `landmarks: 'region'`). Default: message `portal.label`. */
  label?: string;
}

export const DEFAULT_HOME_LIFECYCLE_STAGE = '249503789';
export const DEFAULT_STORAGE_PREFIX = 'client-portal';

/**
 * The default prefix of the portal at `index` among the portals of a page (in document order):
 * `client-portal` for the first, `client-portal-2`, `client-portal-3`… for the others, so each keeps
 * its own colour mode and frame settings across reloads.
 */
export const defaultStoragePrefix = (index: number) =>
  index <= 0 ? DEFAULT_STORAGE_PREFIX : `${DEFAULT_STORAGE_PREFIX}-${index + 1}`;
export const DEFAULT_LINKS: PortalLinks = {
  privacyPolicy: 'https://www.example.com/privacy-policy',
  website: 'https://www.example.com',
  contact: 'https://www.example.com/contact',
};

/** Joins the API base and a path without doubling or dropping the slash. */
export function apiUrl(base: string | undefined, path: string): string {
  return base ? `${base.replace(/\/+$/, '')}${path}` : path;
}

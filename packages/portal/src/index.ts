export { ClientPortal } from './ClientPortal.js';
export type { ClientPortalProps } from './ClientPortal.js';
export { mountClientPortal } from './mount.js';
export type { MountedPortal } from './mount.js';
export type {
  PortalBrand,
  AppearanceVariables,
  ClientPortalOptions,
  PortalAppearance,
  PortalCallbacks,
  PortalLinks,
  PortalPostHogOptions,
  PortalRouting,
} from './config.js';
export { DEFAULT_HOME_LIFECYCLE_STAGE, DEFAULT_LINKS } from './config.js';
export { APPEARANCE_VARIABLES } from './appearance.js';
export { en as englishMessages } from './i18n/messages.en.js';
export type { MessageKey, Messages } from './i18n/messages.en.js';
export { NAV_ENTRIES, hrefOf, isActive } from './routing/nav.js';
export type { NavEntry } from './routing/nav.js';
export { checkInProgress, CHECK_IN_DAYS_BEFORE_END, FALLBACK_TOTAL_DAYS } from './lib/checkInProgress.js';
export type { CheckInProgress } from './lib/checkInProgress.js';
export { formatDateNumeric, formatDateShort } from './lib/dates.js';

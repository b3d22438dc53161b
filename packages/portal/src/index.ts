export { ClientPortal } from './ClientPortal';
export type { ClientPortalProps } from './ClientPortal';
export { mountClientPortal } from './mount';
export type { MountedPortal } from './mount';
export type {
  AppearanceVariables,
  ClientPortalOptions,
  PortalAppearance,
  PortalCallbacks,
  PortalLinks,
  PortalPostHogOptions,
  PortalRouting,
} from './config';
export { DEFAULT_HOME_LIFECYCLE_STAGE, DEFAULT_LINKS } from './config';
export { APPEARANCE_VARIABLES } from './appearance';
export { en as englishMessages } from './i18n/messages.en';
export type { MessageKey, Messages } from './i18n/messages.en';
export { NAV_ENTRIES, hrefOf, isActive } from './routing/nav';
export type { NavEntry } from './routing/nav';
export { checkInProgress, CHECK_IN_DAYS_BEFORE_END, FALLBACK_TOTAL_DAYS } from './lib/checkInProgress';
export type { CheckInProgress } from './lib/checkInProgress';
export { formatDateNumeric, formatDateShort } from './lib/dates';

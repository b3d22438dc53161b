export { Toaster } from './Toaster.js';
export type { ToasterProps } from './Toaster.js';
export { createPortalToaster, DEFAULT_TOAST_DURATION } from './createPortalToaster.js';
export type { CreatePortalToasterOptions, PortalToaster, PortalToastOptions } from './createPortalToaster.js';
export { toArkPlacement } from './placement.js';
export type { ToasterPlacement, ToastStatus } from './placement.js';

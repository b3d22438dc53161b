export { Toaster } from './Toaster';
export type { ToasterProps } from './Toaster';
export { createPortalToaster, DEFAULT_TOAST_DURATION } from './createPortalToaster';
export type { CreatePortalToasterOptions, PortalToaster, PortalToastOptions } from './createPortalToaster';
export { toArkPlacement } from './placement';
export type { ToasterPlacement, ToastStatus } from './placement';

// Internal: the base Dialog and Drawer render through. Not re-exported from the package.
export { ModalSurface, modalRootProps } from './Modal.js';
export type { ModalParts, ModalPlacement, ModalProps, ModalSurfaceProps } from './Modal.js';

export { Dialog, DialogClose } from './Dialog.js';
export type { DialogCloseProps, DialogProps, DialogSize } from './Dialog.js';

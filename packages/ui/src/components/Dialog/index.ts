export { Dialog, DialogClose } from './Dialog';
export type { DialogCloseProps, DialogProps, DialogSize } from './Dialog';

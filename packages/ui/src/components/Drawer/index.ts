export { Drawer, DrawerClose } from './Drawer.js';
export type { DrawerCloseProps, DrawerProps, DrawerSide } from './Drawer.js';
